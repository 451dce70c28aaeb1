import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config();
const provider: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    return { id: `greeting-${inputs.text.length}`, outs: { text: inputs.text, shout: String(inputs.text).toUpperCase() } };
  },
  async diff(_id, olds, news) {
    return { changes: olds.text !== news.text };
  },
  async update(_id, _olds, news) {
    return { outs: { text: news.text, shout: String(news.text).toUpperCase() } };
  },
};

const greeting = new pulumi.dynamic.Resource(provider, "greeting", { text: config.get("text") ?? "hello", shout: undefined }, {}, "e2e", "Greeting");
export const shout = (greeting as unknown as { shout: pulumi.Output<string> }).shout;
export const id = greeting.id;
