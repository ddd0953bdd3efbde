/**
 * @generated SignedSource<<879ba83d6d2a5fd6c4f49579db794af8>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type TaskType = "FM" | "PA" | "SB" | "%future added value";
export type SpellingBeeQuery$variables = {
  taskId: string;
};
export type SpellingBeeQuery$data = {
  readonly taskContent: {
    readonly label: string;
    readonly spellingTimeoutSec: number;
    readonly taskType: TaskType;
    readonly words: ReadonlyArray<{
      readonly audioUrl: string;
      readonly pictureUrl: string | null | undefined;
      readonly sentenceAudioUrl: string;
      readonly text: string;
    }>;
  };
};
export type SpellingBeeQuery = {
  response: SpellingBeeQuery$data;
  variables: SpellingBeeQuery$variables;
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
        "name": "taskType",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "spellingTimeoutSec",
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
            "name": "pictureUrl",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "audioUrl",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "sentenceAudioUrl",
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
    "name": "SpellingBeeQuery",
    "selections": (v1/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "SpellingBeeQuery",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "f7fcb01529abcc8261378f58221d767e",
    "id": null,
    "metadata": {},
    "name": "SpellingBeeQuery",
    "operationKind": "query",
    "text": "query SpellingBeeQuery(\n  $taskId: String!\n) {\n  taskContent(taskId: $taskId) {\n    label\n    taskType\n    spellingTimeoutSec\n    words {\n      text\n      pictureUrl\n      audioUrl\n      sentenceAudioUrl\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "174d8133dfe9d17e12209709a48e7e04";

export default node;
