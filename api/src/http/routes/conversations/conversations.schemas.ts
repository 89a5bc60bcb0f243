import * as Contract from '@autoroute/contract/conversations';
import { z } from '@hono/zod-openapi';
import { named } from '../../openapi.ts';

/** A conversation's messages and answers (@autoroute/contract/conversations), named in the API document. */
named(Contract.ConversationSide, 'ConversationSide');
export const MessageBody = named(Contract.MessageInput, 'MessageInput');
export type MessageBody = Contract.MessageInput;
named(Contract.Message, 'Message');
named(Contract.ConversationParty, 'ConversationParty');
named(Contract.ConversationSummary, 'ConversationSummary');
export const Conversation = named(Contract.Conversation, 'Conversation');
export const ConversationList = named(Contract.ConversationList, 'ConversationList');

export const GuestTokenParam = z.object({
  token: z
    .string()
    .max(200)
    .openapi({ param: { name: 'token', in: 'path' }, description: 'The signed link a guest was mailed', example: '12.1767225600.abc' }),
});
