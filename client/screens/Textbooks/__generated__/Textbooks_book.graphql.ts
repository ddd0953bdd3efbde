/**
 * @generated SignedSource<<0e98eabd77fba894ef0cef41f2f4ebe7>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type BookKind = "NATIONAL" | "PRESS" | "SCHOOL" | "SOURCE" | "%future added value";
export type VocabularyLevel = "ES" | "FC" | "HM" | "HSM" | "MS" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type Textbooks_book$data = {
  readonly bookId: string;
  readonly bookKind: BookKind;
  readonly entry: string;
  readonly id: string;
  readonly title: string;
  readonly units: ReadonlyArray<{
    readonly bookUnitId: string;
    readonly title: string;
    readonly unitId: string;
    readonly wordCount: number;
  }>;
  readonly vocabularyLevel: VocabularyLevel | null | undefined;
  readonly " $fragmentType": "Textbooks_book";
};
export type Textbooks_book$key = {
  readonly " $data"?: Textbooks_book$data;
  readonly " $fragmentSpreads": FragmentRefs<"Textbooks_book">;
};

const node: ReaderFragment = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "title",
  "storageKey": null
};
return {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "Textbooks_book",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "id",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "bookId",
      "storageKey": null
    },
    (v0/*:: as any*/),
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "bookKind",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "vocabularyLevel",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "entry",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Unit",
      "kind": "LinkedField",
      "name": "units",
      "plural": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "unitId",
          "storageKey": null
        },
        (v0/*:: as any*/),
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "wordCount",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "bookUnitId",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Book",
  "abstractKey": null
};
})();

(node as any).hash = "24e411801e8cb6fdea38329324ceb51a";

export default node;
