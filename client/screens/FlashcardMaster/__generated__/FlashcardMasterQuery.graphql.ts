/**
 * @generated SignedSource<<e0819aa9b5248f77e4a323a052bc3d09>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type FlashcardMasterQuery$variables = {
  taskId: string;
};
export type FlashcardMasterQuery$data = {
  readonly taskContent: {
    readonly label: string;
    readonly words: ReadonlyArray<{
      readonly audioUrl: string;
      readonly definition: string;
      readonly partOfSpeech: string;
      readonly phonetic: string;
      readonly pictureUrl: string | null | undefined;
      readonly sentences: ReadonlyArray<string>;
      readonly text: string;
    }>;
  };
};
export type FlashcardMasterQuery = {
  response: FlashcardMasterQuery$data;
  variables: FlashcardMasterQuery$variables;
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
            "name": "partOfSpeech",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "phonetic",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "definition",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "sentences",
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
    "name": "FlashcardMasterQuery",
    "selections": (v1/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "FlashcardMasterQuery",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "e9344072f8bfd34eb7b4bf0193ae6793",
    "id": null,
    "metadata": {},
    "name": "FlashcardMasterQuery",
    "operationKind": "query",
    "text": "query FlashcardMasterQuery(\n  $taskId: String!\n) {\n  taskContent(taskId: $taskId) {\n    label\n    words {\n      text\n      partOfSpeech\n      phonetic\n      definition\n      sentences\n      pictureUrl\n      audioUrl\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "2e69afa4eb54168c72d59bd823fb2148";

export default node;
