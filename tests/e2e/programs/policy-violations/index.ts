// Breaks each rule of the policy pack once, and otherwise passes: every monitor alerts the seeded
// alert, checks https every minute, unless breaking a rule is its purpose. Only ever previewed.
import * as uptime from "pulumi-uptime";

const alerts = ["5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02"]; // the emulator's seeded alert
const https = { type: "https", interval: 60, regions: [1], alerts };

// monitor-has-alert
new uptime.Monitor("no-alert", { ...https, name: "No alert", urn: "https://quiet.acme.example/", alerts: undefined });
// monitor-uses-https
new uptime.Monitor("plain-http", { ...https, name: "Plain http", type: "http", urn: "http://legacy.acme.example/health" });
// monitor-interval-bounds: every 10 s, and a timeout longer than that
new uptime.Monitor("too-often", { ...https, name: "Too often", urn: "https://busy.acme.example/", interval: 10, timeout: 20 });
// tcp-keyword-has-probe: looks for "+OK" without sending anything or expecting the keyword
new uptime.Monitor("silent-tcp", {
  name: "Silent tcp",
  type: "tcp",
  urn: "mail.acme.example:110",
  interval: 60,
  regions: [1],
  alerts,
  tcpOptions: { keywordResponse: "+OK", keywordResponseExists: false },
});
// monitor-names-unique: two monitors called "Checkout" (the second with other spaces and case)
const checkout = new uptime.Monitor("checkout", { ...https, name: "Checkout", urn: "https://shop.acme.example/checkout" });
new uptime.Monitor("checkout-copy", { ...https, name: " checkout ", urn: "https://shop.acme.example/cart" });
// page-lists-stack-monitors: one item is a monitor of the stack, the other is not
new uptime.Page("status-page", {
  uuid: "3f8a2d14-6b9c-4e07-8d51-2c7e9b0a4f01", // the emulator's seeded page
  useGroups: false,
  items: [checkout.uuid, "monitor-of-another-team"],
});
