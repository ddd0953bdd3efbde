/**
 * @generated SignedSource<<48e71f2d16c2042352d06e41aad7dadf>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type PronunciationErrorType = "MISPRONOUNCED" | "NONE" | "OMITTED" | "%future added value";
export type RecordSubmitMutation$variables = {
  recording: any;
  taskId: string;
  text?: string | null | undefined;
};
export type RecordSubmitMutation$data = {
  readonly submitRecording: {
    readonly __typename: string;
    readonly accuracy?: number;
    readonly completeness?: number;
    readonly fluency?: number;
    readonly message?: string;
    readonly nextTask?: string | null | undefined;
    readonly practice?: boolean;
    readonly total?: number;
    readonly words?: ReadonlyArray<{
      readonly audioUrl: string;
      readonly errorType: PronunciationErrorType;
      readonly heard: boolean;
      readonly phones: ReadonlyArray<{
        readonly phone: string;
        readonly score: number;
      }>;
      readonly score: number;
      readonly word: string;
    }>;
  };
};
export type RecordSubmitMutation = {
  response: RecordSubmitMutation$data;
  variables: RecordSubmitMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "recording"
},
v1 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "taskId"
},
v2 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "text"
},
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "score",
  "storageKey": null
},
v4 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "recording",
        "variableName": "recording"
      },
      {
        "kind": "Variable",
        "name": "taskId",
        "variableName": "taskId"
      },
      {
        "kind": "Variable",
        "name": "text",
        "variableName": "text"
      }
    ],
    "concreteType": null,
    "kind": "LinkedField",
    "name": "submitRecording",
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
            "name": "total",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "accuracy",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "fluency",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "completeness",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "practice",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "nextTask",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "concreteType": "PronouncedWord",
            "kind": "LinkedField",
            "name": "words",
            "plural": true,
            "selections": [
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "word",
                "storageKey": null
              },
              (v3/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "heard",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "errorType",
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
                "concreteType": "PhoneScore",
                "kind": "LinkedField",
                "name": "phones",
                "plural": true,
                "selections": [
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "phone",
                    "storageKey": null
                  },
                  (v3/*:: as any*/)
                ],
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "PronunciationPayload",
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
    "argumentDefinitions": [
      (v0/*:: as any*/),
      (v1/*:: as any*/),
      (v2/*:: as any*/)
    ],
    "kind": "Fragment",
    "metadata": null,
    "name": "RecordSubmitMutation",
    "selections": (v4/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [
      (v1/*:: as any*/),
      (v0/*:: as any*/),
      (v2/*:: as any*/)
    ],
    "kind": "Operation",
    "name": "RecordSubmitMutation",
    "selections": (v4/*:: as any*/)
  },
  "params": {
    "cacheID": "6c71d6ae6aab3e94b62be2f7e58c49d7",
    "id": null,
    "metadata": {},
    "name": "RecordSubmitMutation",
    "operationKind": "mutation",
    "text": "mutation RecordSubmitMutation(\n  $taskId: String!\n  $recording: File!\n  $text: String\n) {\n  submitRecording(taskId: $taskId, recording: $recording, text: $text) {\n    __typename\n    ... on PronunciationPayload {\n      total\n      accuracy\n      fluency\n      completeness\n      practice\n      nextTask\n      words {\n        word\n        score\n        heard\n        errorType\n        audioUrl\n        phones {\n          phone\n          score\n        }\n      }\n    }\n    ... on Error {\n      __isError: __typename\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "932a2744cc988c4dc8dcbe9eb77cad91";

export default node;
