/**
 * @generated SignedSource<<72e451f2b4570d937a2d14787c73b2c4>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type JoinWithoutRosterInput = {
  allowed: boolean;
  classId?: string | null | undefined;
  className?: string | null | undefined;
};
export type RosterPanelJoinMutation$variables = {
  input: JoinWithoutRosterInput;
};
export type RosterPanelJoinMutation$data = {
  readonly setJoinWithoutRoster: {
    readonly __typename: string;
    readonly class?: {
      readonly id: string;
      readonly " $fragmentSpreads": FragmentRefs<"RosterPanel_class">;
    };
    readonly message?: string;
  };
};
export type RosterPanelJoinMutation = {
  response: RosterPanelJoinMutation$data;
  variables: RosterPanelJoinMutation$variables;
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
    "kind": "Variable",
    "name": "input",
    "variableName": "input"
  }
],
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "__typename",
  "storageKey": null
},
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v4 = {
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
},
v5 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "name",
  "storageKey": null
};
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "RosterPanelJoinMutation",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "setJoinWithoutRoster",
        "plural": false,
        "selections": [
          (v2/*:: as any*/),
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
                  (v3/*:: as any*/),
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
          (v4/*:: as any*/)
        ],
        "storageKey": null
      }
    ],
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "RosterPanelJoinMutation",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "setJoinWithoutRoster",
        "plural": false,
        "selections": [
          (v2/*:: as any*/),
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
                  (v3/*:: as any*/),
                  (v5/*:: as any*/),
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
                      (v5/*:: as any*/),
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
              }
            ],
            "type": "ClassPayload",
            "abstractKey": null
          },
          (v4/*:: as any*/)
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "90a69081209bd6a862bc92d669431823",
    "id": null,
    "metadata": {},
    "name": "RosterPanelJoinMutation",
    "operationKind": "mutation",
    "text": "mutation RosterPanelJoinMutation(\n  $input: JoinWithoutRosterInput!\n) {\n  setJoinWithoutRoster(input: $input) {\n    __typename\n    ... on ClassPayload {\n      class {\n        id\n        ...RosterPanel_class\n      }\n    }\n    ... on Error {\n      __isError: __typename\n      message\n    }\n  }\n}\n\nfragment RosterPanel_class on Class {\n  id\n  name\n  joinWithoutRoster\n  roster {\n    name\n    username\n  }\n}\n"
  }
};
})();

(node as any).hash = "4a955637a83537c68fc5517cd2875b37";

export default node;
