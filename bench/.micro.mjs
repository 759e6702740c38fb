import { createMockServer } from '../dist/mock/server.js'
const server = await createMockServer({ logLevel: 'silent', seedCampaigns: 10000 })
const store = server.deps.projects.get(server.credentials.projectId).campaigns
const t = performance.now(); for (let i = 0; i < 300; i++) store.list({ limit: 10 }); console.log('list us', ((performance.now() - t) * 1000 / 300).toFixed(0))
server.finishJobs()
const t2 = performance.now(); for (let i = 0; i < 3000; i++) store.list({ limit: 10 }); console.log('after finishJobs list us', ((performance.now() - t2) * 1000 / 3000).toFixed(0))
await server.close(); process.exit(0)
