/** bpmn-moddle descriptor of our extension element <wf:config> (its body is the element's JSON configuration). */
export const wfModdleDescriptor = {
  name: 'Workflow platform extension',
  prefix: 'wf',
  uri: 'http://approval-platform.dev/schema/wf',
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'Config',
      superClass: ['Element'],
      properties: [{ name: 'body', isBody: true, type: 'String' }],
    },
  ],
};
