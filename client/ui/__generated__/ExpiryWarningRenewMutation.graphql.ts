/**
 * @generated SignedSource<<5e3de39963e417df35ce66e9a8c9a06d>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type ExpiryWarningRenewMutation$variables = Record<PropertyKey, never>;
export type ExpiryWarningRenewMutation$data = {
  readonly renewLogin: {
    readonly __typename: "AuthenticationError";
    readonly message: string;
  } | {
    readonly __typename: "ForbiddenError";
    readonly message: string;
  } | {
    readonly __typename: "LoginPayload";
    readonly accessToken: string;
    readonly isTeacher: boolean;
    readonly teachername: string;
    readonly tokenExpiresAt: string;
    readonly username: string;
  } | {
    // This will never be '%other', but we need some
    // value in case none of the concrete values match.
    readonly __typename: "%other";
  };
};
export type ExpiryWarningRenewMutation = {
  response: ExpiryWarningRenewMutation$data;
  variables: ExpiryWarningRenewMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "message",
    "storageKey": null
  }
],
v1 = [
  {
    "alias": null,
    "args": null,
    "concreteType": null,
    "kind": "LinkedField",
    "name": "renewLogin",
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
            "name": "username",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "isTeacher",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "accessToken",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "teachername",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "tokenExpiresAt",
            "storageKey": null
          }
        ],
        "type": "LoginPayload",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": (v0/*:: as any*/),
        "type": "AuthenticationError",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": (v0/*:: as any*/),
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
    "name": "ExpiryWarningRenewMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "ExpiryWarningRenewMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "2c226020f339e4f1cf1ea5698844520e",
    "id": null,
    "metadata": {},
    "name": "ExpiryWarningRenewMutation",
    "operationKind": "mutation",
    "text": "mutation ExpiryWarningRenewMutation {\n  renewLogin {\n    __typename\n    ... on LoginPayload {\n      username\n      isTeacher\n      accessToken\n      teachername\n      tokenExpiresAt\n    }\n    ... on AuthenticationError {\n      message\n    }\n    ... on ForbiddenError {\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "769a2b8763f4243dfe7319430c7092af";

export default node;
