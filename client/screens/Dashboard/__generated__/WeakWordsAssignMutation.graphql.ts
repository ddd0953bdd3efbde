/**
 * @generated SignedSource<<d9591553d36baf3317f13a59eb606ef2>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type AssignableTaskType = "FM" | "PA" | "PA_SB" | "SB" | "%future added value";
export type AssignWordsInput = {
  classId?: string | null | undefined;
  className?: string | null | undefined;
  taskDueDays?: number | null | undefined;
  taskType?: AssignableTaskType | null | undefined;
  type?: string | null | undefined;
  words: ReadonlyArray<string>;
};
export type WeakWordsAssignMutation$variables = {
  input: AssignWordsInput;
};
export type WeakWordsAssignMutation$data = {
  readonly assignWords: {
    readonly __typename: string;
    readonly bookUnitId?: string;
    readonly info?: string;
    readonly message?: string;
  };
};
export type WeakWordsAssignMutation = {
  response: WeakWordsAssignMutation$data;
  variables: WeakWordsAssignMutation$variables;
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
    "args": [
      {
        "kind": "Variable",
        "name": "input",
        "variableName": "input"
      }
    ],
    "concreteType": null,
    "kind": "LinkedField",
    "name": "assignWords",
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
            "name": "info",
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
        "type": "AssignWordsPayload",
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
    "name": "WeakWordsAssignMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "WeakWordsAssignMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "e6368bfbb9eeae6ad3692299315cec66",
    "id": null,
    "metadata": {},
    "name": "WeakWordsAssignMutation",
    "operationKind": "mutation",
    "text": "mutation WeakWordsAssignMutation(\n  $input: AssignWordsInput!\n) {\n  assignWords(input: $input) {\n    __typename\n    ... on AssignWordsPayload {\n      info\n      bookUnitId\n    }\n    ... on Error {\n      __isError: __typename\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "326cf0e8575d5866a21325c7648d4843";

export default node;
