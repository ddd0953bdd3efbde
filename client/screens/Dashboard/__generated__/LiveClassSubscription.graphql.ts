/**
 * @generated SignedSource<<fe8782881d8c4ff3e15a7d1465ae42c7>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type AnswerStatus = "CANCELED" | "CORRECT" | "SKIPPED" | "TIMEOUT" | "WRONG" | "%future added value";
export type ClassEventKind = "ANSWER" | "BOOK_FINISHED" | "FINISHED" | "%future added value";
export type TaskType = "FM" | "PA" | "SB" | "%future added value";
export type LiveClassSubscription$variables = {
  classId: string;
};
export type LiveClassSubscription$data = {
  readonly classActivity: {
    readonly answerStatus: AnswerStatus | null | undefined;
    readonly at: string;
    readonly bookTitle: string | null | undefined;
    readonly bookUnitId: string;
    readonly eventId: string;
    readonly eventKind: ClassEventKind;
    readonly position: number | null | undefined;
    readonly practise: ReadonlyArray<string> | null | undefined;
    readonly score: number | null | undefined;
    readonly student: string;
    readonly taskId: string;
    readonly taskType: TaskType;
    readonly timeoutSec: number | null | undefined;
    readonly typed: string | null | undefined;
    readonly word: string | null | undefined;
  };
};
export type LiveClassSubscription = {
  response: LiveClassSubscription$data;
  variables: LiveClassSubscription$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "classId"
  }
],
v1 = [
  {
    "kind": "Variable",
    "name": "classId",
    "variableName": "classId"
  }
],
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "eventId",
  "storageKey": null
},
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "eventKind",
  "storageKey": null
},
v4 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "at",
  "storageKey": null
},
v5 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "student",
  "storageKey": null
},
v6 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "taskId",
  "storageKey": null
},
v7 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "bookUnitId",
  "storageKey": null
},
v8 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "taskType",
  "storageKey": null
},
v9 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "position",
  "storageKey": null
},
v10 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "word",
  "storageKey": null
},
v11 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "typed",
  "storageKey": null
},
v12 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "answerStatus",
  "storageKey": null
},
v13 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "timeoutSec",
  "storageKey": null
},
v14 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "score",
  "storageKey": null
},
v15 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "bookTitle",
  "storageKey": null
},
v16 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "practise",
  "storageKey": null
};
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "LiveClassSubscription",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": "ClassEvent",
        "kind": "LinkedField",
        "name": "classActivity",
        "plural": false,
        "selections": [
          (v2/*:: as any*/),
          (v3/*:: as any*/),
          (v4/*:: as any*/),
          (v5/*:: as any*/),
          (v6/*:: as any*/),
          (v7/*:: as any*/),
          (v8/*:: as any*/),
          (v9/*:: as any*/),
          (v10/*:: as any*/),
          (v11/*:: as any*/),
          (v12/*:: as any*/),
          (v13/*:: as any*/),
          (v14/*:: as any*/),
          (v15/*:: as any*/),
          (v16/*:: as any*/)
        ],
        "storageKey": null
      }
    ],
    "type": "Subscription",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "LiveClassSubscription",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": "ClassEvent",
        "kind": "LinkedField",
        "name": "classActivity",
        "plural": false,
        "selections": [
          (v2/*:: as any*/),
          (v3/*:: as any*/),
          (v4/*:: as any*/),
          (v5/*:: as any*/),
          (v6/*:: as any*/),
          (v7/*:: as any*/),
          (v8/*:: as any*/),
          (v9/*:: as any*/),
          (v10/*:: as any*/),
          (v11/*:: as any*/),
          (v12/*:: as any*/),
          (v13/*:: as any*/),
          (v14/*:: as any*/),
          (v15/*:: as any*/),
          (v16/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "id",
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "62cb5cb43fb5096dc13c6b5f5184b461",
    "id": null,
    "metadata": {},
    "name": "LiveClassSubscription",
    "operationKind": "subscription",
    "text": "subscription LiveClassSubscription(\n  $classId: ID!\n) {\n  classActivity(classId: $classId) {\n    eventId\n    eventKind\n    at\n    student\n    taskId\n    bookUnitId\n    taskType\n    position\n    word\n    typed\n    answerStatus\n    timeoutSec\n    score\n    bookTitle\n    practise\n    id\n  }\n}\n"
  }
};
})();

(node as any).hash = "46cbf7a4de10f69fd4d00fc5fda883a4";

export default node;
