/**
 * @generated SignedSource<<93c66f03941c42b10fe03ad23d751814>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type RosterPanel_class$data = {
  readonly id: string;
  readonly joinWithoutRoster: boolean;
  readonly name: string;
  readonly roster: ReadonlyArray<{
    readonly name: string;
    readonly username: string | null | undefined;
  }>;
  readonly " $fragmentType": "RosterPanel_class";
};
export type RosterPanel_class$key = {
  readonly " $data"?: RosterPanel_class$data;
  readonly " $fragmentSpreads": FragmentRefs<"RosterPanel_class">;
};

const node: ReaderFragment = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "name",
  "storageKey": null
};
return {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "RosterPanel_class",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "id",
      "storageKey": null
    },
    (v0/*:: as any*/),
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "joinWithoutRoster",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "RosterLine",
      "kind": "LinkedField",
      "name": "roster",
      "plural": true,
      "selections": [
        (v0/*:: as any*/),
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "username",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Class",
  "abstractKey": null
};
})();

(node as any).hash = "d76e12a7b178c0113e8f5bc82adcb19e";

export default node;
