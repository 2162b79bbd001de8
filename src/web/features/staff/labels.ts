/** How the education levels of the domain read on screen. */
export const EDUCATION_LABELS: Record<string, string> = { inicial: 'Inicial', básica: 'Básica', 'media superior': 'Media superior', superior: 'Superior' };
