/**
 * @generated SignedSource<<c96ba7567d2df2514da2e56903d9183c>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type AnswerStatus = "CANCELED" | "CORRECT" | "SKIPPED" | "TIMEOUT" | "WRONG" | "%future added value";
export type AnswerInput = {
  answerStatus?: AnswerStatus | null | undefined;
  position: number;
  status?: string | null | undefined;
  taskId: string;
  timeoutSec?: number | null | undefined;
  typed: string;
  word: string;
};
export type useTaskResultAnswerMutation$variables = {
  input: AnswerInput;
};
export type useTaskResultAnswerMutation$data = {
  readonly recordAnswer: {
    readonly __typename: string;
  };
};
export type useTaskResultAnswerMutation = {
  response: useTaskResultAnswerMutation$data;
  variables: useTaskResultAnswerMutation$variables;
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
    "name": "recordAnswer",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "__typename",
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
    "name": "useTaskResultAnswerMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "useTaskResultAnswerMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "4612457f29d6e747a44418ebb3ad9846",
    "id": null,
    "metadata": {},
    "name": "useTaskResultAnswerMutation",
    "operationKind": "mutation",
    "text": "mutation useTaskResultAnswerMutation(\n  $input: AnswerInput!\n) {\n  recordAnswer(input: $input) {\n    __typename\n  }\n}\n"
  }
};
})();

(node as any).hash = "714487f3b1c318611fddf212272772f0";

export default node;
