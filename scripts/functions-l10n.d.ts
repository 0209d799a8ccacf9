export interface FunctionMetadataLike {
  id: string;
  name: string;
  description?: string;
  parameters: { name: string; description?: string; [key: string]: unknown }[];
  [key: string]: unknown;
}

export interface FunctionsMetadataLike {
  functions: FunctionMetadataLike[];
  [key: string]: unknown;
}

export interface FunctionTexts {
  /** Each parameter's name as Excel shows it in this language, by its English name. */
  parameterNames: Record<string, string>;
  functions: Record<string, { name?: string; description: string; parameters: Record<string, string> }>;
}

export function localizeFunctionsMetadata<T extends FunctionsMetadataLike>(
  metadata: T,
  texts: FunctionTexts,
): { metadata: T; problems: string[] };
