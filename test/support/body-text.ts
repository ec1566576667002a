// A response's text for tests that call every control: GET /__mock/events streams until its reader leaves, so
// of a stream only what it sends at once (its `retry:` line) is read before it is closed.

/**
 * The body as text; of an event stream, its first chunk, the stream then closed.
 * @example const text = await bodyText(await mock.app.request(path))
 */
export async function bodyText(response: Response): Promise<string> {
  if (response.headers.get('content-type') !== 'text/event-stream' || !response.body) return await response.text();
  const reader = response.body.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
}
