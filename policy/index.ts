// The uptime policy pack: the team's rules for monitors and status pages, checked by `pulumi preview`
// and `pulumi up` with `--policy-pack`. Every rule's enforcement level and parameters can be set in a
// `--policy-pack-config` file (see README.md).
import { PolicyPack } from "@pulumi/policy";
import { monitorPolicies } from "./monitor-policies";
import { stackPolicies } from "./stack-policies";

new PolicyPack("uptime", {
  description: "Rules for uptime monitors and status pages declared with pulumi-uptime.",
  policies: [...monitorPolicies, ...stackPolicies],
});
