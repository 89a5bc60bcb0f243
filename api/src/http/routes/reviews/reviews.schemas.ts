import * as Contract from '@autoroute/contract/reviews';
import { ReplyBody as DomainReplyBody, ReviewBody as DomainReviewBody } from '../../../domain/reviews/reviews.inputs.ts';
import { named } from '../../openapi.ts';

/** A review written and what the member reads of theirs (@autoroute/contract/reviews), named in the API document. */
export const ReviewBody = named(DomainReviewBody, 'ReviewBody');
export const ReplyBody = named(DomainReplyBody, 'ReviewReplyBody');
export const ReviewCreated = named(Contract.ReviewCreated, 'ReviewCreated');
export const ReviewableConversation = named(Contract.ReviewableConversation, 'ReviewableConversation');
export const MyReview = named(Contract.MyReview, 'MyReview');
