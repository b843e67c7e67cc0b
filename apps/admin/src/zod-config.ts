import { z } from 'zod';

// The admin page's policy allows no eval; zod probes for it when schemas are built (the contracts, on import),
// and each probe logs a policy violation. Imported first, so it runs before any schema exists.
z.config({ jitless: true });
