// The answers every function gives: JSON bodies, and the refusals that happen before any work.

/** A JSON answer. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...headers, 'content-type': 'application/json; charset=utf-8' } });
}

/**
 * The function's environment lacks or garbles a setting: logged with the variables' names (the
 * project's function logs), answered without them.
 */
export function misconfigured(functionName: string, problems: string[]): Response {
  console.error(`[${functionName}] misconfigured: ${problems.join(' ')}`);
  return json(500, { error: 'misconfigured', message: `${functionName} is misconfigured: its log names the setting to fix.` });
}
