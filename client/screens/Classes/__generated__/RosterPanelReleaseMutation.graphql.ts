/**
 * @generated SignedSource<<a36be71eec47280f80c3a34714b4e2db>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type ReleaseRosterNameInput = {
  classId?: string | null | undefined;
  className?: string | null | undefined;
  name: string;
};
export type RosterPanelReleaseMutation$variables = {
  input: ReleaseRosterNameInput;
};
export type RosterPanelReleaseMutation$data = {
  readonly releaseRosterName: {
    readonly __typename: string;
    readonly class?: {
      readonly id: string;
      readonly students: ReadonlyArray<string>;
      readonly " $fragmentSpreads": FragmentRefs<"RosterPanel_class">;
    };
    readonly message?: string;
  };
};
export type RosterPanelReleaseMutation = {
  response: RosterPanelReleaseMutation$data;
  variables: RosterPanelReleaseMutation$variables;
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
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "students",
  "storageKey": null
},
v5 = {
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
v6 = {
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
    "name": "RosterPanelReleaseMutation",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "releaseRosterName",
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
                  (v4/*:: as any*/),
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
          (v5/*:: as any*/)
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
    "name": "RosterPanelReleaseMutation",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "releaseRosterName",
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
                  (v4/*:: as any*/),
                  (v6/*:: as any*/),
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
              }
            ],
            "type": "ClassPayload",
            "abstractKey": null
          },
          (v5/*:: as any*/)
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "be37afc9948f9e25a0fcae787800fbae",
    "id": null,
    "metadata": {},
    "name": "RosterPanelReleaseMutation",
    "operationKind": "mutation",
    "text": "mutation RosterPanelReleaseMutation(\n  $input: ReleaseRosterNameInput!\n) {\n  releaseRosterName(input: $input) {\n    __typename\n    ... on ClassPayload {\n      class {\n        id\n        students\n        ...RosterPanel_class\n      }\n    }\n    ... on Error {\n      __isError: __typename\n      message\n    }\n  }\n}\n\nfragment RosterPanel_class on Class {\n  id\n  name\n  joinWithoutRoster\n  roster {\n    name\n    username\n  }\n}\n"
  }
};
})();

(node as any).hash = "27e75fc85f784661678d2be449ee5456";

export default node;
