/**
 * @generated SignedSource<<0ac18e4efa9ee665a1e5f4c747ccea6f>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type ReportsPanelQuery$variables = Record<PropertyKey, never>;
export type ReportsPanelQuery$data = {
  readonly viewer: {
    readonly reports: ReadonlyArray<{
      readonly bookUnitId: string;
      readonly downloadUrl: string;
      readonly expireAt: string;
      readonly fileName: string;
      readonly score: number;
      readonly student: string;
      readonly type: string;
    }>;
  } | null | undefined;
};
export type ReportsPanelQuery = {
  response: ReportsPanelQuery$data;
  variables: ReportsPanelQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "concreteType": "Report",
  "kind": "LinkedField",
  "name": "reports",
  "plural": true,
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "fileName",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "expireAt",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "student",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "bookUnitId",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "type",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "score",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "downloadUrl",
      "storageKey": null
    }
  ],
  "storageKey": null
};
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "ReportsPanelQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "User",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          (v0/*:: as any*/)
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
    "name": "ReportsPanelQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "User",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          (v0/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "id",
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "b4a40db2c00ead7f6b6a84795ea5d629",
    "id": null,
    "metadata": {},
    "name": "ReportsPanelQuery",
    "operationKind": "query",
    "text": "query ReportsPanelQuery {\n  viewer {\n    reports {\n      fileName\n      expireAt\n      student\n      bookUnitId\n      type\n      score\n      downloadUrl\n    }\n    id\n  }\n}\n"
  }
};
})();

(node as any).hash = "b4220e892eebcb9f062e9a2e9c423ec7";

export default node;
