// What the bare yardstick is told to send when it answers as the API does.

const LEFT_TO_NODE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** The headers of an API answer (a fetch Response) as a server sets them: what Node adds per answer or per connection is left to Node. */
export const answerHeaders = (response) => Object.fromEntries([...response.headers].filter(([name]) => !LEFT_TO_NODE.has(name)));
