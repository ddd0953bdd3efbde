/**
 * @generated SignedSource<<4200ae08c865cff630d41700460b4c22>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
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
      readonly " $fragmentSpreads": FragmentRefs<"WordCard_card">;
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
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "taskType",
  "storageKey": null
},
v4 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "spellingTimeoutSec",
  "storageKey": null
},
v5 = [
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
    "name": "SpellingBeeQuery",
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
          (v3/*:: as any*/),
          (v4/*:: as any*/),
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
                "selections": (v5/*:: as any*/),
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
    "name": "SpellingBeeQuery",
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
          (v3/*:: as any*/),
          (v4/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "concreteType": "WordCard",
            "kind": "LinkedField",
            "name": "words",
            "plural": true,
            "selections": (v5/*:: as any*/),
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "ded41b5d14e282f5eeaa00917cc9d0ea",
    "id": null,
    "metadata": {},
    "name": "SpellingBeeQuery",
    "operationKind": "query",
    "text": "query SpellingBeeQuery(\n  $taskId: String!\n) {\n  taskContent(taskId: $taskId) {\n    label\n    taskType\n    spellingTimeoutSec\n    words {\n      ...WordCard_card\n    }\n  }\n}\n\nfragment WordCard_card on WordCard {\n  text\n  partOfSpeech\n  phonetic\n  definition\n  sentences\n  pictureUrl\n  audioUrl\n  sentenceAudioUrl\n}\n"
  }
};
})();

(node as any).hash = "b0b755fd2987be7563d316ecf1bf239a";

export default node;
