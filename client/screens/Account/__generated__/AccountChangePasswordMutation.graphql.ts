/**
 * @generated SignedSource<<0ee83d1b2504cf87e35d40a804a291ab>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type ChangePasswordInput = {
  newPassword: string;
  oldPassword: string;
};
export type AccountChangePasswordMutation$variables = {
  input: ChangePasswordInput;
};
export type AccountChangePasswordMutation$data = {
  readonly changePassword: {
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
    readonly __typename: "RateLimitError";
    readonly message: string;
  } | {
    readonly __typename: "ValidationError";
    readonly message: string;
  } | {
    // This will never be '%other', but we need some
    // value in case none of the concrete values match.
    readonly __typename: "%other";
  };
};
export type AccountChangePasswordMutation = {
  response: AccountChangePasswordMutation$data;
  variables: AccountChangePasswordMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "input"
  }
],
v1 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "message",
    "storageKey": null
  }
],
v2 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "input",
        "variableName": "input"
      }
    ],
    "concreteType": null,
    "kind": "LinkedField",
    "name": "changePassword",
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
        "selections": (v1/*:: as any*/),
        "type": "ValidationError",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": (v1/*:: as any*/),
        "type": "ForbiddenError",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": (v1/*:: as any*/),
        "type": "RateLimitError",
        "abstractKey": null
      }
    ],
    "storageKey": null
  }
];
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "AccountChangePasswordMutation",
    "selections": (v2/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AccountChangePasswordMutation",
    "selections": (v2/*:: as any*/)
  },
  "params": {
    "cacheID": "452197fdd41ea8ef8b0648aa138ae04b",
    "id": null,
    "metadata": {},
    "name": "AccountChangePasswordMutation",
    "operationKind": "mutation",
    "text": "mutation AccountChangePasswordMutation(\n  $input: ChangePasswordInput!\n) {\n  changePassword(input: $input) {\n    __typename\n    ... on LoginPayload {\n      username\n      isTeacher\n      accessToken\n      teachername\n      tokenExpiresAt\n    }\n    ... on ValidationError {\n      message\n    }\n    ... on ForbiddenError {\n      message\n    }\n    ... on RateLimitError {\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "a5695edec6ddb13dbb0e58fbed15a534";

export default node;
