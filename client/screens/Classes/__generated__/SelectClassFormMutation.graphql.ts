/**
 * @generated SignedSource<<2248242accc2aefbadff1b59641f0267>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type SchoolLevel = "ES" | "HS" | "K12" | "MS" | "%future added value";
export type TextbookTaskType = "PA" | "PA_SB" | "SB" | "%future added value";
export type ClassNameInput = {
  classId?: string | null | undefined;
  className?: string | null | undefined;
};
export type SelectClassFormMutation$variables = {
  input: ClassNameInput;
};
export type SelectClassFormMutation$data = {
  readonly selectClass: {
    readonly __typename: "ClassPayload";
    readonly class: {
      readonly id: string;
      readonly name: string;
      readonly pressId: string;
      readonly schoolLevel: SchoolLevel;
      readonly spellingTimeoutSec: number;
      readonly taskDueDays: number;
      readonly textbookTaskType: TextbookTaskType;
    };
  } | {
    readonly __typename: "ForbiddenError";
    readonly message: string;
  } | {
    readonly __typename: "NotFoundError";
    readonly message: string;
  } | {
    readonly __typename: "ValidationError";
    readonly message: string;
  } | {
    // This will never be '%other', but we need some
    // value in case none of the concrete values match.
    readonly __typename: "%other";
  };
};
export type SelectClassFormMutation = {
  response: SelectClassFormMutation$data;
  variables: SelectClassFormMutation$variables;
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
        "name": "input",
        "variableName": "input"
      }
    ],
    "concreteType": null,
    "kind": "LinkedField",
    "name": "selectClass",
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
            "concreteType": "Class",
            "kind": "LinkedField",
            "name": "class",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "id",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "name",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "schoolLevel",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "pressId",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "textbookTaskType",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "spellingTimeoutSec",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "taskDueDays",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "ClassPayload",
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
        "type": "NotFoundError",
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
    "name": "SelectClassFormMutation",
    "selections": (v2/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "SelectClassFormMutation",
    "selections": (v2/*:: as any*/)
  },
  "params": {
    "cacheID": "0e403ef7a58c0ec79695cea1c22110e2",
    "id": null,
    "metadata": {},
    "name": "SelectClassFormMutation",
    "operationKind": "mutation",
    "text": "mutation SelectClassFormMutation(\n  $input: ClassNameInput!\n) {\n  selectClass(input: $input) {\n    __typename\n    ... on ClassPayload {\n      class {\n        id\n        name\n        schoolLevel\n        pressId\n        textbookTaskType\n        spellingTimeoutSec\n        taskDueDays\n      }\n    }\n    ... on ValidationError {\n      message\n    }\n    ... on NotFoundError {\n      message\n    }\n    ... on ForbiddenError {\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "b348e12cc13c40b0359d3f8e109d0ec0";

export default node;
