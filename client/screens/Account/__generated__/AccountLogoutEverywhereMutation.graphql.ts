/**
 * @generated SignedSource<<c668267caa7378137ac87cba9aa998d3>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type AccountLogoutEverywhereMutation$variables = Record<PropertyKey, never>;
export type AccountLogoutEverywhereMutation$data = {
  readonly logoutEverywhere: {
    readonly __typename: "ForbiddenError";
    readonly message: string;
  } | {
    readonly __typename: "LogoutPayload";
    readonly everywhere: boolean;
  } | {
    // This will never be '%other', but we need some
    // value in case none of the concrete values match.
    readonly __typename: "%other";
  };
};
export type AccountLogoutEverywhereMutation = {
  response: AccountLogoutEverywhereMutation$data;
  variables: AccountLogoutEverywhereMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "alias": null,
    "args": null,
    "concreteType": null,
    "kind": "LinkedField",
    "name": "logoutEverywhere",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "__typename",
        "storageKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": [
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "everywhere",
            "storageKey": null
          }
        ],
        "type": "LogoutPayload",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": [
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "message",
            "storageKey": null
          }
        ],
        "type": "ForbiddenError",
        "abstractKey": null
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
    "name": "AccountLogoutEverywhereMutation",
    "selections": (v0/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "AccountLogoutEverywhereMutation",
    "selections": (v0/*:: as any*/)
  },
  "params": {
    "cacheID": "895f9aa1e1e78d2de1703e466e9b95c3",
    "id": null,
    "metadata": {},
    "name": "AccountLogoutEverywhereMutation",
    "operationKind": "mutation",
    "text": "mutation AccountLogoutEverywhereMutation {\n  logoutEverywhere {\n    __typename\n    ... on LogoutPayload {\n      everywhere\n    }\n    ... on ForbiddenError {\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "14207f48fbbdbd9f78695d1c83262d83";

export default node;
