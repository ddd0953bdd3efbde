/**
 * @generated SignedSource<<10d6db34b89a4348627f91cfb55ac25d>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type AssignableTaskType = "FM" | "PA" | "PA_SB" | "SB" | "%future added value";
export type AssignTaskInput = {
  bookUnitId: string;
  classId?: string | null | undefined;
  className?: string | null | undefined;
  taskDueDays?: number | null | undefined;
  taskType?: AssignableTaskType | null | undefined;
  type?: string | null | undefined;
};
export type TextbooksAssignMutation$variables = {
  input: AssignTaskInput;
};
export type TextbooksAssignMutation$data = {
  readonly assignTask: {
    readonly __typename: "AssignTaskPayload";
    readonly info: string;
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
export type TextbooksAssignMutation = {
  response: TextbooksAssignMutation$data;
  variables: TextbooksAssignMutation$variables;
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
    "name": "assignTask",
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
            "name": "info",
            "storageKey": null
          }
        ],
        "type": "AssignTaskPayload",
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
    "name": "TextbooksAssignMutation",
    "selections": (v2/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "TextbooksAssignMutation",
    "selections": (v2/*:: as any*/)
  },
  "params": {
    "cacheID": "fb1e60c9860bee705868e6493e989856",
    "id": null,
    "metadata": {},
    "name": "TextbooksAssignMutation",
    "operationKind": "mutation",
    "text": "mutation TextbooksAssignMutation(\n  $input: AssignTaskInput!\n) {\n  assignTask(input: $input) {\n    __typename\n    ... on AssignTaskPayload {\n      info\n    }\n    ... on ValidationError {\n      message\n    }\n    ... on NotFoundError {\n      message\n    }\n    ... on ForbiddenError {\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "9ddf47a26b43e668b7f0ee3e84617bbf";

export default node;
