/** The activity as the author fills it (the plugin's block body). */
export interface ActivityBody {
  title: string;
  content: string;
  activityStartAt: string;
  activityEndAt: string;
  registerStartAt?: string;
  registerEndAt?: string;
  totalNumber: number;
  address: string;
}

/** The activity as a reader gets it: the body with live figures for this reader. */
export interface ActivityShown extends ActivityBody {
  count: number;
  isSignedUp: boolean;
  closed: 'notStarted' | 'ended' | null;
}
