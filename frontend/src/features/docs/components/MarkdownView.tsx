import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link as RouterLink } from 'react-router';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { remarkJoinCjkLines } from '../joinCjkLines';
import { safeUrl } from '../safeUrl';
import { slugify, textOf } from '../slug';

// Headings get GitHub-style ids (after sanitizing, so they are not prefixed) for `#anchor` links.
const heading =
  (Tag: 'h1' | 'h2' | 'h3' | 'h4') =>
  ({ node, children, ...props }: { node?: Parameters<typeof textOf>[0]; children?: ReactNode }) => (
    <Tag id={slugify(textOf(node))} {...props}>
      {children}
    </Tag>
  );

// In-app paths navigate without reloading; everything else opens as a normal link.
const components: Components = {
  h1: heading('h1'),
  h2: heading('h2'),
  h3: heading('h3'),
  h4: heading('h4'),
  a: ({ href = '', children, node: _node, ...props }) =>
    href.startsWith('/') && !href.startsWith('//') ? (
      <Link component={RouterLink} to={href} {...props}>
        {children}
      </Link>
    ) : (
      <Link href={href} {...props} {...(href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
      </Link>
    ),
  // A code block wider than the screen scrolls sideways: focusable, so a keyboard can scroll it
  // too (WCAG 2.1.1).
  pre: ({ node: _node, ...props }) => <pre tabIndex={0} {...props} />,
};

/** Renders untrusted markdown: GitHub flavour, sanitized HTML, allowlisted URL schemes. */
export function MarkdownView({ markdown }: { markdown: string }) {
  return (
    <Box
      className="markdown-body"
      sx={{
        lineHeight: 1.7,
        overflowWrap: 'anywhere',
        '& h1': { typography: 'h4', fontWeight: 700, mt: 0, mb: 2 },
        '& h2': { typography: 'h5', fontWeight: 700, mt: 4, mb: 1.5, pb: 0.5, borderBottom: 1, borderColor: 'divider' },
        '& h3': { typography: 'h6', fontWeight: 700, mt: 3, mb: 1 },
        // Keep anchored headings clear of the fixed top bar.
        '& [id]': { scrollMarginTop: 80 },
        '& p, & ul, & ol': { my: 1.5 },
        '& li + li': { mt: 0.5 },
        '& img': { maxWidth: '100%' },
        '& code': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.9em', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
        '& pre': { bgcolor: 'grey.900', color: 'grey.100', p: 2, borderRadius: 1, overflowX: 'auto' },
        '& pre code': { bgcolor: 'transparent', color: 'inherit', p: 0 },
        '& blockquote': { m: 0, my: 2, pl: 2, borderLeft: 4, borderColor: 'primary.light', color: 'text.secondary' },
        '& table': { borderCollapse: 'collapse', my: 2, display: 'block', overflowX: 'auto' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1.5, py: 0.75, textAlign: 'left' },
        '& th': { bgcolor: 'action.hover' },
      }}
    >
      <Markdown remarkPlugins={[remarkGfm, remarkJoinCjkLines]} rehypePlugins={[rehypeSanitize]} urlTransform={safeUrl} components={components}>
        {markdown}
      </Markdown>
    </Box>
  );
}
