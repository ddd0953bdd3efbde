/**
 * @generated SignedSource<<eedc95700a1181732b217c0d63364a04>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type ReportsPanelMailMutation$variables = {
  enabled: boolean;
};
export type ReportsPanelMailMutation$data = {
  readonly setReportMail: {
    readonly __typename: string;
    readonly info?: string;
    readonly message?: string;
    readonly reportMail?: boolean;
  };
};
export type ReportsPanelMailMutation = {
  response: ReportsPanelMailMutation$data;
  variables: ReportsPanelMailMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "enabled"
  }
],
v1 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "enabled",
        "variableName": "enabled"
      }
    ],
    "concreteType": null,
    "kind": "LinkedField",
    "name": "setReportMail",
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
            "name": "reportMail",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "info",
            "storageKey": null
          }
        ],
        "type": "SetReportMailPayload",
        "abstractKey": null
      },
      {
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
    "name": "ReportsPanelMailMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "ReportsPanelMailMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "f84092ac84f8e78fc3acfc330a4b99ed",
    "id": null,
    "metadata": {},
    "name": "ReportsPanelMailMutation",
    "operationKind": "mutation",
    "text": "mutation ReportsPanelMailMutation(\n  $enabled: Boolean!\n) {\n  setReportMail(enabled: $enabled) {\n    __typename\n    ... on SetReportMailPayload {\n      reportMail\n      info\n    }\n    ... on Error {\n      __isError: __typename\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "448b385b9d7c7e5a7a973006f806d500";

export default node;
