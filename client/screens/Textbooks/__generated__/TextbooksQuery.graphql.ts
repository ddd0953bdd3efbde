/**
 * @generated SignedSource<<fb6fab2f991e34a3746d4ec959b9673b>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type BookKind = "NATIONAL" | "PRESS" | "SCHOOL" | "SOURCE" | "%future added value";
export type SchoolLevel = "ES" | "HS" | "K12" | "MS" | "%future added value";
export type TextbookTaskType = "PA" | "PA_SB" | "SB" | "%future added value";
export type VocabularyLevel = "ES" | "FC" | "HM" | "HSM" | "MS" | "%future added value";
export type TextbooksQuery$variables = {
  className: string;
};
export type TextbooksQuery$data = {
  readonly viewer: {
    readonly class: {
      readonly id: string;
      readonly name: string;
      readonly shelf: {
        readonly national: {
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
        };
        readonly press: ReadonlyArray<{
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
        }>;
        readonly pressId: string;
        readonly schoolLevel: SchoolLevel;
        readonly sources: ReadonlyArray<{
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
        }>;
      };
      readonly taskDueDays: number;
      readonly textbookTaskType: TextbookTaskType;
    } | null | undefined;
  } | null | undefined;
};
export type TextbooksQuery = {
  response: TextbooksQuery$data;
  variables: TextbooksQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "className"
  }
],
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "title",
  "storageKey": null
},
v3 = [
  (v1/*:: as any*/),
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "bookId",
    "storageKey": null
  },
  (v2/*:: as any*/),
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
      (v2/*:: as any*/),
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
v4 = {
  "alias": null,
  "args": [
    {
      "kind": "Variable",
      "name": "name",
      "variableName": "className"
    }
  ],
  "concreteType": "Class",
  "kind": "LinkedField",
  "name": "class",
  "plural": false,
  "selections": [
    (v1/*:: as any*/),
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "name",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "textbookTaskType",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "taskDueDays",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Shelf",
      "kind": "LinkedField",
      "name": "shelf",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "schoolLevel",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "pressId",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "Book",
          "kind": "LinkedField",
          "name": "national",
          "plural": false,
          "selections": (v3/*:: as any*/),
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "Book",
          "kind": "LinkedField",
          "name": "sources",
          "plural": true,
          "selections": (v3/*:: as any*/),
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "Book",
          "kind": "LinkedField",
          "name": "press",
          "plural": true,
          "selections": (v3/*:: as any*/),
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "storageKey": null
};
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "TextbooksQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "User",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          (v4/*:: as any*/)
        ],
        "storageKey": null
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "TextbooksQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "User",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          (v4/*:: as any*/),
          (v1/*:: as any*/)
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "3856f22f59fe4de5742db69b90a2774a",
    "id": null,
    "metadata": {},
    "name": "TextbooksQuery",
    "operationKind": "query",
    "text": "query TextbooksQuery(\n  $className: String!\n) {\n  viewer {\n    class(name: $className) {\n      id\n      name\n      textbookTaskType\n      taskDueDays\n      shelf {\n        schoolLevel\n        pressId\n        national {\n          id\n          bookId\n          title\n          bookKind\n          vocabularyLevel\n          entry\n          units {\n            unitId\n            title\n            wordCount\n            bookUnitId\n          }\n        }\n        sources {\n          id\n          bookId\n          title\n          bookKind\n          vocabularyLevel\n          entry\n          units {\n            unitId\n            title\n            wordCount\n            bookUnitId\n          }\n        }\n        press {\n          id\n          bookId\n          title\n          bookKind\n          vocabularyLevel\n          entry\n          units {\n            unitId\n            title\n            wordCount\n            bookUnitId\n          }\n        }\n      }\n    }\n    id\n  }\n}\n"
  }
};
})();

(node as any).hash = "f484bb3074d9d1ffab4dfa910c59194d";

export default node;
