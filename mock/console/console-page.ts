import type { MockDeps } from '../engine/mock-deps.js'
import { page, scriptJson } from './html.js'

/**
 * The console's HTML; public/console.js fills it in. The dev keys go into the page so "try it"
 * starts authorised, and so a user can copy them (they are the mock's, never a real service's).
 */
/** What the console page reads: the keys and control token it shows, and the operations it lists. */
export type ConsolePageDeps = Pick<MockDeps, 'config' | 'validator'>

export function consolePage(deps: ConsolePageDeps): string {
  const { projects, management } = deps.config.credentials
  const config = {
    projects: projects.map((p) => ({ id: p.projectId, name: p.projectName, appId: p.appId, appToken: p.appToken, clientId: p.clientId, clientToken: p.clientToken })),
    management,
    operations: deps.validator.operations.map((o) => o.operationId).sort(),
    // only a page the guard let through (which needed the token) sees it
    ...(deps.config.controlToken ? { controlToken: deps.config.controlToken } : {}),
  }
  return page(
    'promokit mock console',
    `<link rel="stylesheet" href="/_mock/ui/assets/swagger-ui/swagger-ui.css">
<link rel="stylesheet" href="/_mock/ui/assets/console.css">
<script type="application/json" id="console-config">${scriptJson(config)}</script>
<script src="/_mock/ui/assets/swagger-ui/swagger-ui-bundle.js" defer></script>
<script src="/_mock/ui/assets/console.js" defer></script>`,
    `<header class="bar"><h1>promokit mock console</h1><span id="clock" class="clock"></span><span id="status" role="status"></span></header>
<main class="console">
<section class="controls" aria-label="Controls">
<h2>Controls</h2>
<div class="row"><button id="reset" type="button">Reset</button><button id="finish-jobs" type="button">Finish jobs</button></div>
<form id="advance-form" class="row"><label>Advance clock (ms) <input id="advance-ms" type="number" min="0" value="60000"></label><button type="submit">Advance</button></form>
<form id="latency-form" class="row"><label>Latency (ms) <input id="latency-ms" type="number" min="0" value="0"></label><button type="submit">Set latency</button></form>
<form id="fault-form" class="fault-form"><div class="row"><label>Fault on <select id="fault-operation"><option value="">every operation</option></select></label></div>
<div class="row"><label>action <select id="fault-action"><option value="status">answer a status</option><option value="reset">reset the connection</option><option value="abort">abort mid-body</option><option value="hang">hang</option></select></label>
<label data-for="status">status <input id="fault-status" type="number" min="200" max="599" value="503"></label>
<label data-for="hang" hidden>for (ms) <input id="fault-ms" type="number" min="1" max="600000" value="30000"></label>
<label>times <input id="fault-times" type="number" min="1" placeholder="∞"></label></div>
<div class="row"><label>when <select id="fault-match-kind"><option value="">any request</option><option value="params">path param</option><option value="query">query param</option><option value="headers">header</option><option value="body">body field</option></select></label>
<input id="fault-match-key" placeholder="name or /json/pointer" aria-label="matcher name"><span>=</span><input id="fault-match-value" placeholder="value" aria-label="matcher value"></div>
<div class="row"><button type="submit">Add fault</button></div></form>
<ul id="faults" class="faults"><li>No faults</li></ul><div class="row"><button id="clear-faults" type="button">Clear faults</button></div>
</section>
<section class="sandboxes" aria-label="Sandboxes"><h2>Sandboxes</h2>
<div class="row"><button id="create-sandbox" type="button">New sandbox</button></div>
<table data-table="sandboxes"><thead><tr><th>id</th><th>app id</th><th></th></tr></thead><tbody id="sandboxes"></tbody></table></section>
<section class="state" aria-label="State"><h2>State</h2><div id="state"></div></section>
<section class="journal" aria-label="Request journal"><h2>Request journal</h2>
<table><thead><tr><th>at</th><th>method</th><th>path</th><th>status</th><th>operation</th></tr></thead><tbody id="journal"></tbody></table></section>
<section class="reference" aria-label="API reference"><h2>API reference</h2><div id="reference"></div></section>
</main>`,
  )
}
