// The `uri` format of config layers (baseUrl, the web search backend's url): a URL as Node's own parser reads it, without
// whitespace. Checked with the parser the requests are made with, not ajv-formats' RFC 3986 expression, whose
// first use compiles a large regular expression at every start (about 6 ms). The build writes this file out as
// dist/config-formats.cjs for the precompiled validator.
export const configFormats = {
  uri: (value: string): boolean => !/\s/.test(value) && URL.canParse(value),
};
