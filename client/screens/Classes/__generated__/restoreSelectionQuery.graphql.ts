/**
 * @generated SignedSource<<3f6b19a4b5c780a6f69660ce9423078f>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type SchoolLevel = "ES" | "HS" | "K12" | "MS" | "%future added value";
export type TextbookTaskType = "PA" | "PA_SB" | "SB" | "%future added value";
export type restoreSelectionQuery$variables = Record<PropertyKey, never>;
export type restoreSelectionQuery$data = {
  readonly viewer: {
    readonly selectedClass: {
      readonly name: string;
      readonly pressId: string;
      readonly schoolLevel: SchoolLevel;
      readonly spellingTimeoutSec: number;
      readonly taskDueDays: number;
      readonly textbookTaskType: TextbookTaskType;
    } | null | undefined;
  } | null | undefined;
};
export type restoreSelectionQuery = {
  response: restoreSelectionQuery$data;
  variables: restoreSelectionQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "name",
  "storageKey": null
},
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "schoolLevel",
  "storageKey": null
},
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "pressId",
  "storageKey": null
},
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "textbookTaskType",
  "storageKey": null
},
v4 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "spellingTimeoutSec",
  "storageKey": null
},
v5 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "taskDueDays",
  "storageKey": null
},
v6 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
};
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "restoreSelectionQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "User",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          {
            "alias": null,
            "args": null,
            "concreteType": "Class",
            "kind": "LinkedField",
            "name": "selectedClass",
            "plural": false,
            "selections": [
              (v0/*:: as any*/),
              (v1/*:: as any*/),
              (v2/*:: as any*/),
              (v3/*:: as any*/),
              (v4/*:: as any*/),
              (v5/*:: as any*/)
            ],
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "restoreSelectionQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "User",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          {
            "alias": null,
            "args": null,
            "concreteType": "Class",
            "kind": "LinkedField",
            "name": "selectedClass",
            "plural": false,
            "selections": [
              (v0/*:: as any*/),
              (v1/*:: as any*/),
              (v2/*:: as any*/),
              (v3/*:: as any*/),
              (v4/*:: as any*/),
              (v5/*:: as any*/),
              (v6/*:: as any*/)
            ],
            "storageKey": null
          },
          (v6/*:: as any*/)
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "ff2ce24262b88b110be690802692194d",
    "id": null,
    "metadata": {},
    "name": "restoreSelectionQuery",
    "operationKind": "query",
    "text": "query restoreSelectionQuery {\n  viewer {\n    selectedClass {\n      name\n      schoolLevel\n      pressId\n      textbookTaskType\n      spellingTimeoutSec\n      taskDueDays\n      id\n    }\n    id\n  }\n}\n"
  }
};
})();

(node as any).hash = "9a03df2fdf6c1787d22fc8e665c5f1aa";

export default node;
