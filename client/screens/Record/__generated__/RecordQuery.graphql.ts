/**
 * @generated SignedSource<<50819a394aa8cf066d33394fbd90cad2>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
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
      readonly " $fragmentSpreads": FragmentRefs<"WordCard_card">;
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
  "name": "unitTitle",
  "storageKey": null
},
v4 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "taskType",
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
    "name": "RecordQuery",
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
    "name": "RecordQuery",
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
    "cacheID": "ef8540c4be50aa040d1b4ec890d00f97",
    "id": null,
    "metadata": {},
    "name": "RecordQuery",
    "operationKind": "query",
    "text": "query RecordQuery(\n  $taskId: String!\n) {\n  taskContent(taskId: $taskId) {\n    label\n    unitTitle\n    taskType\n    words {\n      ...WordCard_card\n    }\n  }\n}\n\nfragment WordCard_card on WordCard {\n  text\n  partOfSpeech\n  phonetic\n  definition\n  sentences\n  pictureUrl\n  audioUrl\n  sentenceAudioUrl\n}\n"
  }
};
})();

(node as any).hash = "1c1ac1bc231dba8a0b9e325025463370";

export default node;
