/**
 * @generated SignedSource<<05c4593e86a41b9ec4481608cfebf2e9>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type IntegrationsPanelRevokeTokenMutation$variables = {
  id: string;
};
export type IntegrationsPanelRevokeTokenMutation$data = {
  readonly revokeIntegrationToken: {
    readonly __typename: string;
    readonly integrationToken?: {
      readonly id: string;
      readonly revokedAt: string | null | undefined;
    };
    readonly message?: string;
  };
};
export type IntegrationsPanelRevokeTokenMutation = {
  response: IntegrationsPanelRevokeTokenMutation$data;
  variables: IntegrationsPanelRevokeTokenMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "id"
  }
],
v1 = [
  {
    "alias": null,
    "args": [
      {
        "fields": [
          {
            "kind": "Variable",
            "name": "id",
            "variableName": "id"
          }
        ],
        "kind": "ObjectValue",
        "name": "input"
      }
    ],
    "concreteType": null,
    "kind": "LinkedField",
    "name": "revokeIntegrationToken",
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
            "concreteType": "IntegrationToken",
            "kind": "LinkedField",
            "name": "integrationToken",
            "plural": false,
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
                "name": "revokedAt",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "RevokeIntegrationTokenPayload",
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
        "type": "Error",
        "abstractKey": "__isError"
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
    "name": "IntegrationsPanelRevokeTokenMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "IntegrationsPanelRevokeTokenMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "cc11c3e7639aeaa2dae2988861e90c8e",
    "id": null,
    "metadata": {},
    "name": "IntegrationsPanelRevokeTokenMutation",
    "operationKind": "mutation",
    "text": "mutation IntegrationsPanelRevokeTokenMutation(\n  $id: ID!\n) {\n  revokeIntegrationToken(input: {id: $id}) {\n    __typename\n    ... on RevokeIntegrationTokenPayload {\n      integrationToken {\n        id\n        revokedAt\n      }\n    }\n    ... on Error {\n      __isError: __typename\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "a452fcf27736785807683c0c737e19e0";

export default node;
