/**
 * @generated SignedSource<<e1e88c1ac931a7fa655b151c427f41fb>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type AnswerInput = {
  position: number;
  status: string;
  taskId: string;
  typed: string;
  word: string;
};
export type SpellingBeeAnswerMutation$variables = {
  input: AnswerInput;
};
export type SpellingBeeAnswerMutation$data = {
  readonly recordAnswer: {
    readonly __typename: string;
  };
};
export type SpellingBeeAnswerMutation = {
  response: SpellingBeeAnswerMutation$data;
  variables: SpellingBeeAnswerMutation$variables;
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
    "name": "SpellingBeeAnswerMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "SpellingBeeAnswerMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "ab9ad0b19755270cc8b27fc2392de7f9",
    "id": null,
    "metadata": {},
    "name": "SpellingBeeAnswerMutation",
    "operationKind": "mutation",
    "text": "mutation SpellingBeeAnswerMutation(\n  $input: AnswerInput!\n) {\n  recordAnswer(input: $input) {\n    __typename\n  }\n}\n"
  }
};
})();

(node as any).hash = "a6da7f9078cbadde15b4a0855ff4a6dc";

export default node;
