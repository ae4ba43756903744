#!/usr/bin/env perl
# Applies a developer's "first edits" to one combination's module files, in place:
#
#   perl Tests/CompileCheck/first-edit.pl <module-file>...
#
# Every protocol the module declares gets a plain method, `func firstEdit<Protocol>()`; every type that conforms
# to it in the module implements it; every type that holds it in a property calls it, from the first such method
# the holder implements, or else from a method `firstEditCalls()` in an extension of its own. A holder of a module
# class that got `firstEditCalls()` calls that too (a SwiftUI view and its presenter). None of it carries an
# isolation attribute: the edits take the isolation the module gives them, as a developer's code would.
# Prints one line per file it changed. Exits 0, or 2 on a usage error.
use strict;
use warnings;

die "usage: perl first-edit.pl <module-file>...\n" unless @ARGV;

my (%lines, %protocols, %conformances, %holdings, %typeFile, %moduleClass);
my $typeDecl = qr/^\s*(?:@\w+\s+)*(?:(?:final|open|public|private|fileprivate|internal)\s+)*(class|struct|enum|extension|actor)\s+(\w+)\b([^{]*)\{\s*\}?\s*$/;

for my $file (@ARGV) {
    open my $in, '<', $file or die "first-edit.pl: cannot read $file: $!\n";
    $lines{$file} = [<$in>];
    close $in;
    for my $line (@{ $lines{$file} }) {
        $protocols{$1} = 1 if $line =~ /^\s*(?:@\w+\s+)*(?:(?:public|internal)\s+)?protocol\s+(\w+)\b[^{]*\{/;
        # Top-level types only; of them, a holder calls what a class it holds adds.
        if ($line =~ $typeDecl && $1 ne 'extension' && $line !~ /^\s/) {
            $typeFile{$2} //= $file;
            $moduleClass{$2} = 1 if $1 eq 'class';
        }
    }
}

# Which types conform to which module protocols, and which hold them (or a module class) in a property.
for my $file (@ARGV) {
    my $current;
    for my $line (@{ $lines{$file} }) {
        if ($line =~ $typeDecl && $line !~ /^\s/) {
            $current = $2;
            my $inherited = $3;
            $inherited =~ s/^\s*:\s*//;
            $inherited =~ s/\bwhere\b.*//;
            for my $name (split /\s*,\s*/, $inherited) {
                $name =~ s/@\w+\s+//g;
                $name =~ s/\s+$//;
                push @{ $conformances{$current} }, $name if $protocols{$name};
            }
        } elsif ($line =~ /^\s*(protocol)\s+(\w+)/) {
            $current = undef;
        } elsif (defined $current
            && $line =~ /^\s*(?:@\w+\s+)*(?:(?:private|fileprivate|internal|public)(?:\(set\))?\s+)*(?:(?:weak|unowned)\s+)?(?:let|var)\s+(\w+)\s*:\s*(\w+)([?!]?)\s*(?:$|=|\/\/)/)
        {
            my ($property, $type, $optional) = ($1, $2, $3);
            next unless $protocols{$type} || ($moduleClass{$type} && $type ne $current);
            push @{ $holdings{$current} }, [$property, $type, $optional];
        }
    }
}

# The types that hold something but conform to nothing of the module call from a method of their own.
my %callsOwnMethod = map { $_ => 1 } grep { !@{ $conformances{$_} // [] } } keys %holdings;

sub calls_of {
    my ($holder) = @_;
    my @calls;
    for my $held (@{ $holdings{$holder} // [] }) {
        my ($property, $type, $optional) = @$held;
        my $method;
        if ($protocols{$type}) { $method = "firstEdit$type"; }
        elsif ($callsOwnMethod{$type}) { $method = 'firstEditCalls'; }
        else { next; }
        my $access = $optional eq '?' ? '?.' : '.';
        push @calls, "        $property$access$method()\n";
    }
    return @calls;
}

my %callsPlaced;
for my $file (@ARGV) {
    my @out;
    my $changed = 0;
    for my $line (@{ $lines{$file} }) {
        if ($line =~ /^(\s*)(?:@\w+\s+)*(?:(?:public|internal)\s+)?protocol\s+(\w+)\b[^{]*\{(\s*\})?\s*$/) {
            my ($indent, $name, $closed) = ($1, $2, $3);
            if ($closed) { $line =~ s/\{\s*\}\s*$/{\n/; }
            push @out, $line, "$indent    func firstEdit$name()\n";
            push @out, "$indent}\n" if $closed;
            $changed = 1;
            next;
        }
        if ($line =~ $typeDecl) {
            my $type = $2;
            my $closed = $line =~ /\}\s*$/;
            my $inherited = $3;
            $inherited =~ s/^\s*:\s*//;
            my @implemented = grep { $protocols{$_} } map { (my $n = $_) =~ s/@\w+\s+//g; $n =~ s/\s+$//; $n } split /\s*,\s*/, $inherited;
            if (@implemented) {
                $line =~ s/\{\s*\}\s*$/{\n/ if $closed;
                push @out, $line;
                for my $protocol (@implemented) {
                    my @calls = $callsPlaced{$type}++ ? () : calls_of($type);
                    push @out, "    func firstEdit$protocol() {\n", @calls, "    }\n";
                }
                push @out, "}\n" if $closed;
                $changed = 1;
                next;
            }
        }
        push @out, $line;
    }
    for my $holder (sort keys %callsOwnMethod) {
        next unless ($typeFile{$holder} // '') eq $file;
        push @out, "\nextension $holder {\n    func firstEditCalls() {\n", calls_of($holder), "    }\n}\n";
        $changed = 1;
    }
    if ($changed) {
        open my $output, '>', $file or die "first-edit.pl: cannot write $file: $!\n";
        print $output @out;
        close $output;
        print "edited $file\n";
    }
}
