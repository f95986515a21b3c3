import { Checkbox } from '@web/components/ui/checkbox';
import { FieldError } from '@web/components/ui/form-field';
import { Label } from '@web/components/ui/label';

// A new tab, so reading the terms does not lose what is typed in the form.
function LegalLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener" className="text-primary-text underline underline-offset-2">
      {children}
    </a>
  );
}

interface TermsCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  error?: string;
}

export function TermsCheckbox({ checked, onChange, onBlur, error }: TermsCheckboxProps) {
  return (
    <div className="space-y-2">
      <div className="flex items-start gap-2">
        <Checkbox
          id="agreeToTerms"
          checked={checked}
          onCheckedChange={(value) => onChange(value === true)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'agreeToTerms-error' : undefined}
          className="mt-0.5"
        />
        <Label htmlFor="agreeToTerms" className="text-sm font-normal leading-snug">
          I agree to the <LegalLink href="/terms">Terms of Service</LegalLink> and{' '}
          <LegalLink href="/privacy">Privacy Policy</LegalLink>
        </Label>
      </div>
      <FieldError id="agreeToTerms" message={error} />
    </div>
  );
}
