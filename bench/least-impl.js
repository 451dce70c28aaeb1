// The true floor's provider object, installed by least-provider.ts as node_modules/bench-least-provider
// (so that `__provider` is a one-line require). No HTTP call, and nothing in the outputs: the state
// holds only what the engine itself writes for a resource.
"use strict";
const { randomUUID } = require("node:crypto");

module.exports = {
  async create() {
    return { id: randomUUID(), outs: {} };
  },
  async update() {
    return { outs: {} };
  },
  async read(id) {
    return { id, props: {} };
  },
  async delete() {},
};
