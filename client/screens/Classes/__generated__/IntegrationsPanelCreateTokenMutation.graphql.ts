/**
 * @generated SignedSource<<89f8190b3d85775bae44352320720724>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type IntegrationScope = "ASSIGN_TASKS" | "READ_CLASSES" | "READ_RESULTS" | "%future added value";
export type CreateIntegrationTokenInput = {
  classIds: ReadonlyArray<string>;
  name: string;
  scopes: ReadonlyArray<IntegrationScope>;
};
export type IntegrationsPanelCreateTokenMutation$variables = {
  connections: ReadonlyArray<string>;
  input: CreateIntegrationTokenInput;
};
export type IntegrationsPanelCreateTokenMutation$data = {
  readonly createIntegrationToken: {
    readonly __typename: string;
    readonly integrationToken?: {
      readonly classes: ReadonlyArray<{
        readonly name: string;
      }>;
      readonly createdAt: string;
      readonly id: string;
      readonly lastUsedAt: string | null | undefined;
      readonly name: string;
      readonly revokedAt: string | null | undefined;
      readonly scopes: ReadonlyArray<IntegrationScope>;
      readonly tokenPrefix: string;
    };
    readonly message?: string;
    readonly token?: string;
  };
};
export type IntegrationsPanelCreateTokenMutation = {
  response: IntegrationsPanelCreateTokenMutation$data;
  variables: IntegrationsPanelCreateTokenMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "connections"
},
v1 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "input"
},
v2 = [
  {
    "kind": "Variable",
    "name": "input",
    "variableName": "input"
  }
],
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "__typename",
  "storageKey": null
},
v4 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "token",
  "storageKey": null
},
v5 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v6 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "name",
  "storageKey": null
},
v7 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "tokenPrefix",
  "storageKey": null
},
v8 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "scopes",
  "storageKey": null
},
v9 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "createdAt",
  "storageKey": null
},
v10 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "lastUsedAt",
  "storageKey": null
},
v11 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "revokedAt",
  "storageKey": null
},
v12 = {
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
};
return {
  "fragment": {
    "argumentDefinitions": [
      (v0/*:: as any*/),
      (v1/*:: as any*/)
    ],
    "kind": "Fragment",
    "metadata": null,
    "name": "IntegrationsPanelCreateTokenMutation",
    "selections": [
      {
        "alias": null,
        "args": (v2/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "createIntegrationToken",
        "plural": false,
        "selections": [
          (v3/*:: as any*/),
          {
            "kind": "InlineFragment",
            "selections": [
              (v4/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "concreteType": "IntegrationToken",
                "kind": "LinkedField",
                "name": "integrationToken",
                "plural": false,
                "selections": [
                  (v5/*:: as any*/),
                  (v6/*:: as any*/),
                  (v7/*:: as any*/),
                  (v8/*:: as any*/),
                  {
                    "alias": null,
                    "args": null,
                    "concreteType": "Class",
                    "kind": "LinkedField",
                    "name": "classes",
                    "plural": true,
                    "selections": [
                      (v6/*:: as any*/)
                    ],
                    "storageKey": null
                  },
                  (v9/*:: as any*/),
                  (v10/*:: as any*/),
                  (v11/*:: as any*/)
                ],
                "storageKey": null
              }
            ],
            "type": "CreateIntegrationTokenPayload",
            "abstractKey": null
          },
          (v12/*:: as any*/)
        ],
        "storageKey": null
      }
    ],
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [
      (v1/*:: as any*/),
      (v0/*:: as any*/)
    ],
    "kind": "Operation",
    "name": "IntegrationsPanelCreateTokenMutation",
    "selections": [
      {
        "alias": null,
        "args": (v2/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "createIntegrationToken",
        "plural": false,
        "selections": [
          (v3/*:: as any*/),
          {
            "kind": "InlineFragment",
            "selections": [
              (v4/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "concreteType": "IntegrationToken",
                "kind": "LinkedField",
                "name": "integrationToken",
                "plural": false,
                "selections": [
                  (v5/*:: as any*/),
                  (v6/*:: as any*/),
                  (v7/*:: as any*/),
                  (v8/*:: as any*/),
                  {
                    "alias": null,
                    "args": null,
                    "concreteType": "Class",
                    "kind": "LinkedField",
                    "name": "classes",
                    "plural": true,
                    "selections": [
                      (v6/*:: as any*/),
                      (v5/*:: as any*/)
                    ],
                    "storageKey": null
                  },
                  (v9/*:: as any*/),
                  (v10/*:: as any*/),
                  (v11/*:: as any*/)
                ],
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "filters": null,
                "handle": "prependNode",
                "key": "",
                "kind": "LinkedHandle",
                "name": "integrationToken",
                "handleArgs": [
                  {
                    "kind": "Variable",
                    "name": "connections",
                    "variableName": "connections"
                  },
                  {
                    "kind": "Literal",
                    "name": "edgeTypeName",
                    "value": "UserIntegrationTokensConnectionEdge"
                  }
                ]
              }
            ],
            "type": "CreateIntegrationTokenPayload",
            "abstractKey": null
          },
          (v12/*:: as any*/)
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "218f257949972abe2485e1974cfcfd4d",
    "id": null,
    "metadata": {},
    "name": "IntegrationsPanelCreateTokenMutation",
    "operationKind": "mutation",
    "text": "mutation IntegrationsPanelCreateTokenMutation(\n  $input: CreateIntegrationTokenInput!\n) {\n  createIntegrationToken(input: $input) {\n    __typename\n    ... on CreateIntegrationTokenPayload {\n      token\n      integrationToken {\n        id\n        name\n        tokenPrefix\n        scopes\n        classes {\n          name\n          id\n        }\n        createdAt\n        lastUsedAt\n        revokedAt\n      }\n    }\n    ... on Error {\n      __isError: __typename\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "53e5158e0f94469da40e027a40c0bc81";

export default node;
