// Convenient names for the generated spec types (src/types/openapi.ts; regenerate with npm run gen:types).
import type { components, operations, paths } from './openapi.js'

export type { components, operations, paths }

type Schemas = components['schemas']

export type Campaign = Schemas['Campaign']
export type CampaignsList = Schemas['CampaignsList']
export type CampaignCreateRequest = Schemas['CampaignCreateRequest']
export type CampaignType = Schemas['CampaignType']
export type CampaignVoucher = Schemas['CampaignVoucher']
export type PromotionTier = Schemas['PromotionTier']
export type Category = Schemas['Category']
export type CategoryCreateRequest = Schemas['CategoryCreateRequest']
export type RewardAssignment = Schemas['RewardAssignment']
export type RewardAssignmentUpdateRequest = Schemas['RewardAssignmentUpdateRequest']
export type RedeemableHolder = Schemas['RedeemableHolder']
export type RedeemableHoldersList = Schemas['RedeemableHoldersList']
export type Export = Schemas['Export']
export type ExportCreateRequest = Schemas['ExportCreateRequest']
export type CampaignTemplate = Schemas['CampaignTemplate']
export type CampaignTemplateCopyRequest = Schemas['CampaignTemplateCopyRequest']
export type MetadataSchema = Schemas['MetadataSchema']
export type Voucher = Schemas['Voucher']
export type VouchersList = Schemas['VouchersList']
export type OAuthToken = Schemas['OAuthToken']
export type ApiErrorBody = Schemas['Error']
export type ValidationsValidateRequestBody = Schemas['ValidationsValidateRequestBody']
export type RedemptionsRedeemResponseBody = Schemas['RedemptionsRedeemResponseBody']

/** The JSON body of an operation's response for a status, e.g. `ResponseBody<'getCampaign', 200>`. */
export type ResponseBody<Op extends keyof operations, Status extends number> = operations[Op]['responses'] extends infer R
  ? Status extends keyof R
    ? R[Status] extends { content: { 'application/json': infer Body } }
      ? Body
      : never
    : never
  : never

/** The JSON request body of an operation, e.g. `RequestBody<'createCampaign'>`. */
export type RequestBody<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { 'application/json': infer Body } }
}
  ? Body
  : never
