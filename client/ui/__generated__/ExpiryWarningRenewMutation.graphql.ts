/**
 * @generated SignedSource<<772b6b648f06d552189f96d72680ad32>>
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
    readonly tokenExpAt: number;
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
            "name": "tokenExpAt",
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
    "cacheID": "5c8d08e6ea3577f52f4476731b4577a7",
    "id": null,
    "metadata": {},
    "name": "ExpiryWarningRenewMutation",
    "operationKind": "mutation",
    "text": "mutation ExpiryWarningRenewMutation {\n  renewLogin {\n    __typename\n    ... on LoginPayload {\n      username\n      isTeacher\n      accessToken\n      teachername\n      tokenExpAt\n    }\n    ... on AuthenticationError {\n      message\n    }\n    ... on ForbiddenError {\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "4410e2dde254a29a16e74520423ce4ed";

export default node;
