/**
 * @generated SignedSource<<56e6c53678c60f72073d2116e013f9ba>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type FlashcardMasterQuery$variables = {
  taskId: string;
};
export type FlashcardMasterQuery$data = {
  readonly taskContent: {
    readonly label: string;
    readonly words: ReadonlyArray<{
      readonly " $fragmentSpreads": FragmentRefs<"WordCard_card">;
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
    "kind": "Variable",
    "name": "taskId",
    "variableName": "taskId"
  }
],
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "label",
  "storageKey": null
},
v3 = [
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
  },
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "sentenceAudioUrl",
    "storageKey": null
  }
];
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "FlashcardMasterQuery",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": "TaskContent",
        "kind": "LinkedField",
        "name": "taskContent",
        "plural": false,
        "selections": [
          (v2/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "concreteType": "WordCard",
            "kind": "LinkedField",
            "name": "words",
            "plural": true,
            "selections": [
              {
                "kind": "InlineDataFragmentSpread",
                "name": "WordCard_card",
                "selections": (v3/*:: as any*/),
                "args": null,
                "argumentDefinitions": []
              }
            ],
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "FlashcardMasterQuery",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": "TaskContent",
        "kind": "LinkedField",
        "name": "taskContent",
        "plural": false,
        "selections": [
          (v2/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "concreteType": "WordCard",
            "kind": "LinkedField",
            "name": "words",
            "plural": true,
            "selections": (v3/*:: as any*/),
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "b7a0912293241c1504c21d5983e0e45d",
    "id": null,
    "metadata": {},
    "name": "FlashcardMasterQuery",
    "operationKind": "query",
    "text": "query FlashcardMasterQuery(\n  $taskId: String!\n) {\n  taskContent(taskId: $taskId) {\n    label\n    words {\n      ...WordCard_card\n    }\n  }\n}\n\nfragment WordCard_card on WordCard {\n  text\n  partOfSpeech\n  phonetic\n  definition\n  sentences\n  pictureUrl\n  audioUrl\n  sentenceAudioUrl\n}\n"
  }
};
})();

(node as any).hash = "68d57aec59d8cd7a0b8256f5b2a8ceac";

export default node;
