/** The obe module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). No other module uses it yet. */
export {};
