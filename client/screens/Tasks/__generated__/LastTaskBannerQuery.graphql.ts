/**
 * @generated SignedSource<<f0dd320f4f138aff6ff88ea38a854579>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type LastTaskBannerQuery$variables = Record<PropertyKey, never>;
export type LastTaskBannerQuery$data = {
  readonly myLastTask: {
    readonly correct: number;
    readonly finishedAt: string;
    readonly missed: ReadonlyArray<string>;
    readonly taskId: string;
    readonly total: number;
  } | null | undefined;
};
export type LastTaskBannerQuery = {
  response: LastTaskBannerQuery$data;
  variables: LastTaskBannerQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "alias": null,
    "args": null,
    "concreteType": "LastTask",
    "kind": "LinkedField",
    "name": "myLastTask",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "taskId",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "finishedAt",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "correct",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "total",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "missed",
        "storageKey": null
      }
    ],
    "storageKey": null
  }
];
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "LastTaskBannerQuery",
    "selections": (v0/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "LastTaskBannerQuery",
    "selections": (v0/*:: as any*/)
  },
  "params": {
    "cacheID": "41a98d0947966d10df8f62e3f49f1a91",
    "id": null,
    "metadata": {},
    "name": "LastTaskBannerQuery",
    "operationKind": "query",
    "text": "query LastTaskBannerQuery {\n  myLastTask {\n    taskId\n    finishedAt\n    correct\n    total\n    missed\n  }\n}\n"
  }
};
})();

(node as any).hash = "ef123ba12b4523c1b14906634f14d77b";

export default node;
