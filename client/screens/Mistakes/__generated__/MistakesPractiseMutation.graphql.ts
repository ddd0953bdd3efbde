/**
 * @generated SignedSource<<25eafcb8f3bccd9f29de63ee55e61f31>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type AnswerStatus = "CANCELED" | "CORRECT" | "SKIPPED" | "TIMEOUT" | "WRONG" | "%future added value";
export type PracticeAnswerInput = {
  answerStatus?: AnswerStatus | null | undefined;
  status?: string | null | undefined;
  typed: string;
  word: string;
};
export type MistakesPractiseMutation$variables = {
  answers: ReadonlyArray<PracticeAnswerInput>;
};
export type MistakesPractiseMutation$data = {
  readonly practiseMistakes: {
    readonly __typename: "ForbiddenError";
    readonly message: string;
  } | {
    readonly __typename: "PracticePayload";
    readonly correct: number;
    readonly total: number;
  } | {
    readonly __typename: "ValidationError";
    readonly message: string;
  } | {
    // This will never be '%other', but we need some
    // value in case none of the concrete values match.
    readonly __typename: "%other";
  };
};
export type MistakesPractiseMutation = {
  response: MistakesPractiseMutation$data;
  variables: MistakesPractiseMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "answers"
  }
],
v1 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "message",
    "storageKey": null
  }
],
v2 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "answers",
        "variableName": "answers"
      }
    ],
    "concreteType": null,
    "kind": "LinkedField",
    "name": "practiseMistakes",
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
            "name": "correct",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "total",
            "storageKey": null
          }
        ],
        "type": "PracticePayload",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": (v1/*:: as any*/),
        "type": "ValidationError",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": (v1/*:: as any*/),
        "type": "ForbiddenError",
        "abstractKey": null
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
    "name": "MistakesPractiseMutation",
    "selections": (v2/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "MistakesPractiseMutation",
    "selections": (v2/*:: as any*/)
  },
  "params": {
    "cacheID": "22350092e4a1bccf0852f22f72644fb9",
    "id": null,
    "metadata": {},
    "name": "MistakesPractiseMutation",
    "operationKind": "mutation",
    "text": "mutation MistakesPractiseMutation(\n  $answers: [PracticeAnswerInput!]!\n) {\n  practiseMistakes(answers: $answers) {\n    __typename\n    ... on PracticePayload {\n      correct\n      total\n    }\n    ... on ValidationError {\n      message\n    }\n    ... on ForbiddenError {\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "10c9aa1011fdb08066a212f22302f7a4";

export default node;
