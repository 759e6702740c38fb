import type { MockDeps } from '../engine/mock-deps.js'
import { escapeHtml, page } from './html.js'

/** `GET /` in a browser: where you are, the keys, and where to go next. */
export function homePage(deps: Pick<MockDeps, 'config'>, url: string): string {
  const { projects, management } = deps.config.credentials
  const [a] = projects
  const rows = projects
    .map((p) => `<tr><td>${escapeHtml(p.projectName)} <code>${escapeHtml(p.projectId)}</code></td><td><code>${escapeHtml(p.appId)}</code></td><td><code>${escapeHtml(p.appToken)}</code></td></tr>`)
    .join('\n')
  const curl = `curl -s ${url}/v1/campaigns -H 'X-App-Id: ${a.appId}' -H 'X-App-Token: ${a.appToken}'`
  return page(
    'promokit mock',
    `<link rel="stylesheet" href="/_mock/ui/assets/console.css">`,
    `<main class="home">
<h1>promokit mock</h1>
<p>A stateful mock of the campaign-management API, answering at <code>${escapeHtml(url)}</code>.</p>
<ul class="links">
<li><a href="/_mock/ui">Console</a>: the API reference with “try it”, the mock's state, the request journal, reset, clock, latency, faults and sandboxes</li>
<li><a href="/openapi.json">/openapi.json</a> and <a href="/openapi.yaml">/openapi.yaml</a>: the spec, as one document</li>
<li><code>/_mock</code>: the control API (reset, state, clock, jobs/finish, faults, latency, requests, sandboxes)</li>
<li><code>POST /_mock/sandboxes</code>: a fresh project with its own keys, for each parallel UI test worker</li>
<li>No server at all (Storybook, browser tests): <code>import { createMockHandlers } from 'promokit/msw'</code>, the same mock as MSW handlers</li>
</ul>
<h2>Keys</h2>
<table><thead><tr><th>Project</th><th>X-App-Id</th><th>X-App-Token</th></tr></thead><tbody>
${rows}
</tbody></table>
${projects
  .filter((p) => p.clientId)
  .map((p) => `<p>Client-side keys of <code>${escapeHtml(p.projectId)}</code> (<code>/client/v1</code>, safe in a browser): <code>X-Client-Application-Id: ${escapeHtml(p.clientId ?? '')}</code> <code>X-Client-Token: ${escapeHtml(p.clientToken ?? '')}</code></p>`)
  .join('\n')}
<p>Management keys (every project): <code>X-Management-Id: ${escapeHtml(management.id)}</code> <code>X-Management-Token: ${escapeHtml(management.token)}</code></p>
<h2>Try it</h2>
<pre>${escapeHtml(curl)}</pre>
</main>`,
  )
}
