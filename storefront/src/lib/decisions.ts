/** A moderation decision about my content, as GET /api/v1/me/decisions answers it (docs/decisions/057). */
export interface MyDecision {
  id: number;
  targetKind: 'listing' | 'seller' | 'message' | 'review';
  targetId: number;
  targetLabel: string;
  status: 'open' | 'in_review' | 'decided' | 'appealed' | 'closed';
  appeal: string | null;
  appealedAt: string | null;
  appealUntil: string | null;
  canAppeal: boolean;
  statements: { id: number; stage: 'decision' | 'appeal'; action: string; automated: boolean; text: string; decidedAt: string }[];
}
