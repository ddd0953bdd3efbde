/**
 * @generated SignedSource<<e1defc756e9d365a540d8150fecfa664>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type TaskType = "FM" | "PA" | "SB" | "%future added value";
export type RecordQuery$variables = {
  taskId: string;
};
export type RecordQuery$data = {
  readonly taskContent: {
    readonly label: string;
    readonly taskType: TaskType;
    readonly unitTitle: string | null | undefined;
    readonly words: ReadonlyArray<{
      readonly audioUrl: string;
      readonly text: string;
    }>;
  };
};
export type RecordQuery = {
  response: RecordQuery$data;
  variables: RecordQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "taskId"
  }
],
v1 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "taskId",
        "variableName": "taskId"
      }
    ],
    "concreteType": "TaskContent",
    "kind": "LinkedField",
    "name": "taskContent",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "label",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "unitTitle",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "taskType",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "concreteType": "WordCard",
        "kind": "LinkedField",
        "name": "words",
        "plural": true,
        "selections": [
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "text",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "audioUrl",
            "storageKey": null
          }
        ],
        "storageKey": null
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
    "name": "RecordQuery",
    "selections": (v1/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "RecordQuery",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "92b33c594974f5163faf523cf3822ca3",
    "id": null,
    "metadata": {},
    "name": "RecordQuery",
    "operationKind": "query",
    "text": "query RecordQuery(\n  $taskId: String!\n) {\n  taskContent(taskId: $taskId) {\n    label\n    unitTitle\n    taskType\n    words {\n      text\n      audioUrl\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "b559d21e5f2a83e6534aa78451257d5e";

export default node;
