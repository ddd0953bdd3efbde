/**
 * @generated SignedSource<<b61aeb0617efd5d72c12e5e4900645d4>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type TaskType = "FM" | "PA" | "SB" | "%future added value";
export type RestoreTaskInput = {
  bookUnitId: string;
  dueBy?: string | null | undefined;
  student: string;
  taskType?: TaskType | null | undefined;
  tpid: number;
  type?: string | null | undefined;
};
export type TasksRestoreMutation$variables = {
  input: RestoreTaskInput;
};
export type TasksRestoreMutation$data = {
  readonly restoreTask: {
    readonly __typename: string;
    readonly info?: string;
    readonly message?: string;
  };
};
export type TasksRestoreMutation = {
  response: TasksRestoreMutation$data;
  variables: TasksRestoreMutation$variables;
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
    "name": "restoreTask",
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
          }
        ],
        "type": "RestoreTaskPayload",
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
    "name": "TasksRestoreMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "TasksRestoreMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "9cf5dbb11b256f61b6e16597650793ac",
    "id": null,
    "metadata": {},
    "name": "TasksRestoreMutation",
    "operationKind": "mutation",
    "text": "mutation TasksRestoreMutation(\n  $input: RestoreTaskInput!\n) {\n  restoreTask(input: $input) {\n    __typename\n    ... on RestoreTaskPayload {\n      info\n    }\n    ... on Error {\n      __isError: __typename\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "6717a5bef520ca4aaa40e50927b868ed";

export default node;
