/**
 * @generated SignedSource<<885702908db427c78a94940eac6a55f6>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type LiveClassSubscription$variables = {
  classId: string;
};
export type LiveClassSubscription$data = {
  readonly classActivity: {
    readonly at: string;
    readonly bookTitle: string | null | undefined;
    readonly bookUnitId: string;
    readonly eventId: string;
    readonly kind: string;
    readonly position: number | null | undefined;
    readonly practise: ReadonlyArray<string> | null | undefined;
    readonly score: number | null | undefined;
    readonly status: string | null | undefined;
    readonly student: string;
    readonly taskId: string;
    readonly type: string;
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
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "classId",
        "variableName": "classId"
      }
    ],
    "concreteType": "ClassEvent",
    "kind": "LinkedField",
    "name": "classActivity",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "eventId",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "kind",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "at",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "student",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "taskId",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "bookUnitId",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "type",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "position",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "word",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "typed",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "status",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "score",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "bookTitle",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "practise",
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
    "name": "LiveClassSubscription",
    "selections": (v1/*:: as any*/),
    "type": "Subscription",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "LiveClassSubscription",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "b933429449c94b3aa8933decfa97d015",
    "id": null,
    "metadata": {},
    "name": "LiveClassSubscription",
    "operationKind": "subscription",
    "text": "subscription LiveClassSubscription(\n  $classId: ID!\n) {\n  classActivity(classId: $classId) {\n    eventId\n    kind\n    at\n    student\n    taskId\n    bookUnitId\n    type\n    position\n    word\n    typed\n    status\n    score\n    bookTitle\n    practise\n  }\n}\n"
  }
};
})();

(node as any).hash = "254411e054bc7eed39ed637f20e87e68";

export default node;
