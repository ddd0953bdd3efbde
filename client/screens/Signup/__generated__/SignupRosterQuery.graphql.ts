/**
 * @generated SignedSource<<7013fbf1500b9b58ff5ff0f6f4457aa4>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type SignupRosterQuery$variables = {
  classname: string;
  teachername: string;
};
export type SignupRosterQuery$data = {
  readonly signupRoster: {
    readonly className: string;
    readonly joinWithoutRoster: boolean;
    readonly names: ReadonlyArray<string>;
  } | null | undefined;
};
export type SignupRosterQuery = {
  response: SignupRosterQuery$data;
  variables: SignupRosterQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "classname"
},
v1 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "teachername"
},
v2 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "classname",
        "variableName": "classname"
      },
      {
        "kind": "Variable",
        "name": "teachername",
        "variableName": "teachername"
      }
    ],
    "concreteType": "SignupRoster",
    "kind": "LinkedField",
    "name": "signupRoster",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "className",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "names",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "joinWithoutRoster",
        "storageKey": null
      }
    ],
    "storageKey": null
  }
];
return {
  "fragment": {
    "argumentDefinitions": [
      (v0/*:: as any*/),
      (v1/*:: as any*/)
    ],
    "kind": "Fragment",
    "metadata": null,
    "name": "SignupRosterQuery",
    "selections": (v2/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [
      (v1/*:: as any*/),
      (v0/*:: as any*/)
    ],
    "kind": "Operation",
    "name": "SignupRosterQuery",
    "selections": (v2/*:: as any*/)
  },
  "params": {
    "cacheID": "abbffb533dc22b8e7a40648f8f586a3b",
    "id": null,
    "metadata": {},
    "name": "SignupRosterQuery",
    "operationKind": "query",
    "text": "query SignupRosterQuery(\n  $teachername: String!\n  $classname: String!\n) {\n  signupRoster(teachername: $teachername, classname: $classname) {\n    className\n    names\n    joinWithoutRoster\n  }\n}\n"
  }
};
})();

(node as any).hash = "18fb0dedba7aaf2764e48d3576b2b303";

export default node;
