/**
 * @generated SignedSource<<aa6ec48bca92495dd8df07ed1a2f8754>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type SchoolLevel = "ES" | "HS" | "K12" | "MS" | "%future added value";
export type TextbookTaskType = "PA" | "PA_SB" | "SB" | "%future added value";
export type AddClassInput = {
  className: string;
  fmBatchSize?: number | null | undefined;
  joinWithoutRoster?: boolean | null | undefined;
  pressId: string;
  schoolId?: string | null | undefined;
  schoolLevel?: SchoolLevel | null | undefined;
  spellingTimeoutSec?: number | null | undefined;
  students: string;
  taskDueDays?: number | null | undefined;
  tbTaskType?: string | null | undefined;
  textbookTaskType?: TextbookTaskType | null | undefined;
};
export type AddClassFormMutation$variables = {
  connections: ReadonlyArray<string>;
  input: AddClassInput;
};
export type AddClassFormMutation$data = {
  readonly addClass: {
    readonly __typename: "ClassPayload";
    readonly class: {
      readonly id: string;
      readonly name: string;
      readonly pressId: string;
      readonly schoolLevel: SchoolLevel;
      readonly spellingTimeoutSec: number;
      readonly students: ReadonlyArray<string>;
      readonly taskDueDays: number;
      readonly textbookTaskType: TextbookTaskType;
      readonly " $fragmentSpreads": FragmentRefs<"RosterPanel_class">;
    };
    readonly info: string;
  } | {
    readonly __typename: "ConflictError";
    readonly message: string;
  } | {
    readonly __typename: "ForbiddenError";
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
export type AddClassFormMutation = {
  response: AddClassFormMutation$data;
  variables: AddClassFormMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "connections"
},
v1 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "input"
},
v2 = [
  {
    "kind": "Variable",
    "name": "input",
    "variableName": "input"
  }
],
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "__typename",
  "storageKey": null
},
v4 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "info",
  "storageKey": null
},
v5 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v6 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "name",
  "storageKey": null
},
v7 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "schoolLevel",
  "storageKey": null
},
v8 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "pressId",
  "storageKey": null
},
v9 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "students",
  "storageKey": null
},
v10 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "textbookTaskType",
  "storageKey": null
},
v11 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "spellingTimeoutSec",
  "storageKey": null
},
v12 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "taskDueDays",
  "storageKey": null
},
v13 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "message",
    "storageKey": null
  }
],
v14 = {
  "kind": "InlineFragment",
  "selections": (v13/*:: as any*/),
  "type": "ValidationError",
  "abstractKey": null
},
v15 = {
  "kind": "InlineFragment",
  "selections": (v13/*:: as any*/),
  "type": "ConflictError",
  "abstractKey": null
},
v16 = {
  "kind": "InlineFragment",
  "selections": (v13/*:: as any*/),
  "type": "ForbiddenError",
  "abstractKey": null
};
return {
  "fragment": {
    "argumentDefinitions": [
      (v0/*:: as any*/),
      (v1/*:: as any*/)
    ],
    "kind": "Fragment",
    "metadata": null,
    "name": "AddClassFormMutation",
    "selections": [
      {
        "alias": null,
        "args": (v2/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "addClass",
        "plural": false,
        "selections": [
          (v3/*:: as any*/),
          {
            "kind": "InlineFragment",
            "selections": [
              (v4/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "concreteType": "Class",
                "kind": "LinkedField",
                "name": "class",
                "plural": false,
                "selections": [
                  (v5/*:: as any*/),
                  (v6/*:: as any*/),
                  (v7/*:: as any*/),
                  (v8/*:: as any*/),
                  (v9/*:: as any*/),
                  (v10/*:: as any*/),
                  (v11/*:: as any*/),
                  (v12/*:: as any*/),
                  {
                    "args": null,
                    "kind": "FragmentSpread",
                    "name": "RosterPanel_class"
                  }
                ],
                "storageKey": null
              }
            ],
            "type": "ClassPayload",
            "abstractKey": null
          },
          (v14/*:: as any*/),
          (v15/*:: as any*/),
          (v16/*:: as any*/)
        ],
        "storageKey": null
      }
    ],
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [
      (v1/*:: as any*/),
      (v0/*:: as any*/)
    ],
    "kind": "Operation",
    "name": "AddClassFormMutation",
    "selections": [
      {
        "alias": null,
        "args": (v2/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "addClass",
        "plural": false,
        "selections": [
          (v3/*:: as any*/),
          {
            "kind": "InlineFragment",
            "selections": [
              (v4/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "concreteType": "Class",
                "kind": "LinkedField",
                "name": "class",
                "plural": false,
                "selections": [
                  (v5/*:: as any*/),
                  (v6/*:: as any*/),
                  (v7/*:: as any*/),
                  (v8/*:: as any*/),
                  (v9/*:: as any*/),
                  (v10/*:: as any*/),
                  (v11/*:: as any*/),
                  (v12/*:: as any*/),
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "joinWithoutRoster",
                    "storageKey": null
                  },
                  {
                    "alias": null,
                    "args": null,
                    "concreteType": "RosterLine",
                    "kind": "LinkedField",
                    "name": "roster",
                    "plural": true,
                    "selections": [
                      (v6/*:: as any*/),
                      {
                        "alias": null,
                        "args": null,
                        "kind": "ScalarField",
                        "name": "username",
                        "storageKey": null
                      }
                    ],
                    "storageKey": null
                  }
                ],
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "filters": null,
                "handle": "appendNode",
                "key": "",
                "kind": "LinkedHandle",
                "name": "class",
                "handleArgs": [
                  {
                    "kind": "Variable",
                    "name": "connections",
                    "variableName": "connections"
                  },
                  {
                    "kind": "Literal",
                    "name": "edgeTypeName",
                    "value": "UserClassesConnectionEdge"
                  }
                ]
              }
            ],
            "type": "ClassPayload",
            "abstractKey": null
          },
          (v14/*:: as any*/),
          (v15/*:: as any*/),
          (v16/*:: as any*/)
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "d7917d4751765613005ddc297e1295bc",
    "id": null,
    "metadata": {},
    "name": "AddClassFormMutation",
    "operationKind": "mutation",
    "text": "mutation AddClassFormMutation(\n  $input: AddClassInput!\n) {\n  addClass(input: $input) {\n    __typename\n    ... on ClassPayload {\n      info\n      class {\n        id\n        name\n        schoolLevel\n        pressId\n        students\n        textbookTaskType\n        spellingTimeoutSec\n        taskDueDays\n        ...RosterPanel_class\n      }\n    }\n    ... on ValidationError {\n      message\n    }\n    ... on ConflictError {\n      message\n    }\n    ... on ForbiddenError {\n      message\n    }\n  }\n}\n\nfragment RosterPanel_class on Class {\n  id\n  name\n  joinWithoutRoster\n  roster {\n    name\n    username\n  }\n}\n"
  }
};
})();

(node as any).hash = "182be96d013eef9fa99572e9a45a8029";

export default node;
